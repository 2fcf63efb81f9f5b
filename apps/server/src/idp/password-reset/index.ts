import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfigServer } from '../../platform/config.js';
import type { Database } from '../../platform/database/database.js';
import type { RateCounter } from '../../platform/http/rate-limit-store.js';
import { createLazyMailer } from '../../platform/mail/mailer.js';
import type { AccountStore } from '../accounts.js';
import { createPasswordResetService, type PasswordResetService } from './password-reset-service.js';
import { registerPasswordResetRoutes } from './password-reset-routes.js';

/** Forgot / reset password of the embedded provider: its routes, and how to close it. */
export function createPasswordReset({
  config,
  db,
  accounts,
  log,
}: {
  config: AppConfigServer;
  db: Database;
  accounts: AccountStore;
  log: FastifyBaseLogger;
}) {
  const mailer = createLazyMailer(config);
  const services = new Set<PasswordResetService>();
  return {
    /** `counter`: the app's rate counter, shared by every web process (ADR 0035). */
    register(app: FastifyInstance, counter: RateCounter) {
      const service = createPasswordResetService({
        db,
        accounts,
        mailer,
        counter,
        appUrl: config.appUrl,
        log,
      });
      services.add(service);
      registerPasswordResetRoutes(app, service);
    },
    /** Lets links being sent go out, then closes the mail transport. */
    async close() {
      await Promise.all([...services].map((service) => service.settled()));
      mailer.close();
    },
  };
}
