import { describe, expect, it } from 'vitest';
import { DestinationRetry } from '../core/destination.js';
import { destinationOnFake, testContext } from '../core/__tests__/destination-fixture.js';
import { intercomDestination } from './intercom-destination.js';
import { intercomFakeState } from './intercom-fake.js';

/**
 * Intercom as an activation's destination through intercom-client against the sandbox fake
 * on 127.0.0.1 (ADR 0033): data attributes, contacts found by email / external id / id,
 * created, updated (custom attributes typed, under custom_attributes), cleared, deleted; a
 * record's own refusal fails that record, a 429 the batch (DestinationRetry).
 */
describe('intercomDestination', () => {
  const suite = destinationOnFake(
    'intercom',
    ({ open, fake }) => ({
      destination: intercomDestination(open),
      state: intercomFakeState(fake.oauth),
    }),
    { object: 'contacts', matchField: 'email', fields: ['name', 'pql', 'mrr'] },
  );
  const { batch } = suite;
  const contact = (email: string) => suite.state.contacts().find((c) => c.email === email);

  it('offers contacts, their standard and custom attributes', async () => {
    expect(await suite.destination.objects(suite.connected.orgId)).toEqual([
      { name: 'contacts', label: 'Contacts' },
    ]);
    const fields = await suite.destination.fields(suite.connected.orgId, 'contacts');
    const byName = new Map(fields!.map((f) => [f.name, f]));
    expect(fields!.filter((f) => f.identifying).map((f) => f.name)).toEqual([
      'id',
      'external_id',
      'email',
    ]);
    expect(byName.get('id')).toMatchObject({ writable: false });
    expect(byName.get('created_at')).toMatchObject({ type: 'date', writable: false });
    expect(byName.get('name')).toMatchObject({ type: 'string', writable: true });
    expect(byName.get('pql')).toMatchObject({
      type: 'boolean',
      identifying: false,
      writable: true,
    });
    expect(byName.get('mrr')).toMatchObject({ type: 'float', writable: true });
    expect(await suite.destination.fields(suite.connected.orgId, 'companies')).toBeNull();
  });

  it('upserts by email: created (role user), then updated; custom attributes typed', async () => {
    const context = testContext();
    const first = await suite.destination.write(
      batch('upsert', [
        ['ada@example.com', { name: 'Ada', pql: 'true', mrr: '99.5' }],
        ['bob@example.com', { name: 'Bob', pql: 'false', mrr: '10' }],
      ]),
      context,
    );
    expect(first).toEqual([
      {
        key: 'ada@example.com',
        ok: true,
        destinationId: expect.any(String) as unknown,
        answer: 'created',
      },
      {
        key: 'bob@example.com',
        ok: true,
        destinationId: expect.any(String) as unknown,
        answer: 'created',
      },
    ]);
    // The attributes once, then a search and a create per record.
    expect(context.paced).toBe(5);
    expect(contact('ada@example.com')).toMatchObject({
      role: 'user',
      name: 'Ada',
      custom_attributes: { pql: true, mrr: 99.5 },
    });

    const second = await suite.destination.write(
      batch('upsert', [['ada@example.com', { name: 'Ada L.', pql: 'true', mrr: '120' }]]),
      testContext(),
    );
    expect(second).toEqual([
      {
        key: 'ada@example.com',
        ok: true,
        destinationId: first[0]!.destinationId,
        answer: 'updated',
      },
    ]);
    expect(contact('ada@example.com')).toMatchObject({
      name: 'Ada L.',
      custom_attributes: { pql: true, mrr: 120 },
    });
    expect(suite.state.writes('ada@example.com', 'email')).toBe(2);

    const held = await suite.destination.read(
      suite.connected.orgId,
      'contacts',
      'email',
      ['ada@example.com', 'nobody@example.com'],
      ['name', 'pql', 'mrr', 'plan'],
      testContext(),
    );
    expect([...held.entries()]).toEqual([
      [
        'ada@example.com',
        {
          destinationId: first[0]!.destinationId,
          values: { name: 'Ada L.', pql: 'true', mrr: '120', plan: null },
        },
      ],
    ]);
  });

  it('upserts by external id, and updates by a known id', async () => {
    const [created] = await suite.destination.write(
      batch('upsert', [['user-7', { name: 'Seven' }]], {
        matchField: 'external_id',
        fields: ['name'],
      }),
      testContext(),
    );
    expect(created).toMatchObject({ ok: true, answer: 'created' });
    const byId = await suite.destination.write(
      batch('update', [[created!.destinationId!, { name: 'Seven S.' }]], {
        matchField: 'id',
        fields: ['name'],
      }),
      testContext(),
    );
    expect(byId).toMatchObject([{ ok: true, answer: 'updated' }]);
    expect(suite.state.contacts().find((c) => c.external_id === 'user-7')!.name).toBe('Seven S.');
  });

  it('update: a key not found fails "not found" and creates nothing', async () => {
    const before = suite.state.contacts().length;
    const results = await suite.destination.write(
      batch('update', [
        ['bob@example.com', { name: 'Robert', pql: 'true', mrr: '11' }],
        ['nobody@example.com', { name: 'Nobody', pql: 'true', mrr: '1' }],
      ]),
      testContext(),
    );
    expect(results).toEqual([
      {
        key: 'bob@example.com',
        ok: true,
        destinationId: expect.any(String) as unknown,
        answer: 'updated',
      },
      { key: 'nobody@example.com', ok: false, destinationId: null, answer: 'not found' },
    ]);
    expect(suite.state.contacts()).toHaveLength(before);
  });

  it("a refused value fails its record with Intercom's words; the others are written", async () => {
    const results = await suite.destination.write(
      batch(
        'upsert',
        [
          ['cy@example.com', { health_score: '7' }],
          ['di@example.com', { health_score: 'high' }],
        ],
        { fields: ['health_score'] },
      ),
      testContext(),
    );
    expect(results[0]).toMatchObject({ ok: true, answer: 'created' });
    expect(results[1]).toMatchObject({
      ok: false,
      answer: "Custom attribute 'health_score' expected a integer",
    });
    expect(contact('cy@example.com')!.custom_attributes).toEqual({ health_score: 7 });
    expect(contact('di@example.com')).toBeUndefined();
  });

  it('a 429 is a DestinationRetry with its Retry-After', async () => {
    suite.connected.fake.oauth.throttleNext = 1;
    const refused = await suite.destination
      .write(batch('upsert', [['eve@example.com', { name: 'Eve' }]]), testContext())
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DestinationRetry);
    expect(refused).toMatchObject({ retryAfterSeconds: 1 });
    expect(contact('eve@example.com')).toBeUndefined();
  });

  it('clears with nulls and deletes (a contact not found counts as done)', async () => {
    const cleared = await suite.destination.write(
      batch('update', [['ada@example.com', { name: null, pql: null, mrr: null }]]),
      testContext(),
    );
    expect(cleared).toMatchObject([{ ok: true, answer: 'updated' }]);
    expect(contact('ada@example.com')).toMatchObject({ name: null, custom_attributes: {} });

    const bob = contact('bob@example.com')!;
    const deleted = await suite.destination.write(
      batch('delete', [
        ['ada@example.com', { name: null, pql: null, mrr: null }],
        ['bob@example.com', { name: null, pql: null, mrr: null }, bob.id],
        ['gone@example.com', { name: null, pql: null, mrr: null }],
      ]),
      testContext(),
    );
    expect(deleted).toEqual([
      {
        key: 'ada@example.com',
        ok: true,
        destinationId: expect.any(String) as unknown,
        answer: 'deleted',
      },
      { key: 'bob@example.com', ok: true, destinationId: bob.id, answer: 'deleted' },
      {
        key: 'gone@example.com',
        ok: true,
        destinationId: null,
        answer: 'not found: nothing to delete',
      },
    ]);
    expect(contact('ada@example.com')).toBeUndefined();
    expect(contact('bob@example.com')).toBeUndefined();
  });
});
