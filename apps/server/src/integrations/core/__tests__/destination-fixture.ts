import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp } from '../../../../test/app.js';
import { organizations } from '../../../platform/database/schema/index.js';
import {
  crmEnvFor,
  seedConnection,
  startFakeProvider,
} from '../../../services/composer/__tests__/fake-provider.js';
import { sessionsOfRun, type OpenSession } from '../connected-session.js';
import type { Destination, DestinationBatch, DestinationContext } from '../destination.js';

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

type Connected = Awaited<ReturnType<typeof connectedToFake>>;

/**
 * A describe block's destination on a provider's fake, connected before its tests and closed
 * after them, with `batch` building a batch of changes on the object and fields given.
 */
export function destinationOnFake<State>(
  provider: 'hubspot' | 'intercom',
  setup: (connected: Connected) => { destination: Destination; state: State },
  defaults: Pick<DestinationBatch, 'object' | 'matchField' | 'fields'>,
) {
  let connected: Connected | undefined;
  let made: { destination: Destination; state: State } | undefined;
  beforeAll(async () => {
    connected = await connectedToFake(provider);
    made = setup(connected);
  });
  afterAll(() => connected?.close());
  const suite = {
    get connected() {
      return connected!;
    },
    get destination() {
      return made!.destination;
    },
    get state() {
      return made!.state;
    },
    /** Changes as [key, values, destination id?]. */
    batch: (
      operation: DestinationBatch['operation'],
      changes: [string, Record<string, string | null>, string?][],
      overrides: Partial<DestinationBatch> = {},
    ): DestinationBatch => ({
      orgId: suite.connected.orgId,
      ...defaults,
      operation,
      changes: changes.map(([key, values, destinationId]) => ({
        key,
        values,
        destinationId: destinationId ?? null,
      })),
      ...overrides,
    }),
  };
  return suite;
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
