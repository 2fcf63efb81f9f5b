import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfigServer } from '../../platform/config.js';
import type { Database } from '../../platform/database/database.js';
import { createLazyMailer } from '../../platform/mail/mailer.js';
import type { AccountStore } from '../accounts.js';
import { createPasswordResetService } from './password-reset-service.js';
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
  const service = createPasswordResetService({
    db,
    accounts,
    mailer,
    appUrl: config.appUrl,
    log,
  });
  return {
    register: (app: FastifyInstance) => registerPasswordResetRoutes(app, service),
    /** Lets links being sent go out, then closes the mail transport. */
    async close() {
      await service.settled();
      mailer.close();
    },
  };
}
