import { randomUUID } from 'node:crypto';
import { createTestApp } from '../../../../test/app.js';
import { organizations } from '../../../platform/database/schema/index.js';
import {
  crmEnvFor,
  seedConnection,
  startFakeProvider,
} from '../../../services/composer/__tests__/fake-provider.js';
import { sessionsOfRun, type OpenSession } from '../../core/connected-session.js';
import type { DestinationContext } from '../../core/destination.js';

/**
 * An organization connected to a provider's fake on 127.0.0.1 (the app's settings point at
 * it), and the sessions a destination opens, as a run opens them.
 */
export async function connectedToFake(provider: 'hubspot' | 'intercom') {
  const fake = await startFakeProvider(provider);
  const t = await createTestApp({ env: crmEnvFor(provider, fake) });
  const orgId = randomUUID();
  await t.app.db.insert(organizations).values({ id: orgId, name: 'Acme' });
  await seedConnection(t.app, orgId, provider, fake);
  const open: OpenSession = sessionsOfRun(t.app);
  return {
    fake,
    orgId,
    open,
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}

/** The engine's side of a batch: counts the paced calls; no checkpoint needed. */
export function testContext(): DestinationContext & { readonly paced: number } {
  let paced = 0;
  let saved: string | null = null;
  return {
    pace: () => {
      paced += 1;
      return Promise.resolve();
    },
    checkpoint: {
      read: () => Promise.resolve(saved),
      write: (value) => {
        saved = value;
        return Promise.resolve();
      },
    },
    heartbeat: () => Promise.resolve(),
    get paced() {
      return paced;
    },
  };
}
