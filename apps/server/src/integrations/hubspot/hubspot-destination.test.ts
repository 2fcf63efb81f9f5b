import { describe, expect, it } from 'vitest';
import { DestinationRetry } from '../core/destination.js';
import { destinationOnFake, testContext } from '../core/__tests__/destination-fixture.js';
import { HUBSPOT_REQUEST_LIMIT, hubspotDestination } from './hubspot-destination.js';
import { hubspotFakeState } from './hubspot-fake.js';

/**
 * HubSpot as an activation's destination through @hubspot/api-client against the sandbox
 * fake on 127.0.0.1 (ADR 0033): the properties API, batch upsert / update / read / archive,
 * a 207 split per record, 429s as DestinationRetry, the fake's rolling request window.
 */
describe('hubspotDestination', () => {
  const suite = destinationOnFake(
    'hubspot',
    ({ open, fake }) => ({
      destination: hubspotDestination(open),
      state: hubspotFakeState(fake.oauth),
    }),
    { object: 'companies', matchField: 'revlane_account_id', fields: ['pql', 'mrr', 'plan'] },
  );
  const { batch } = suite;
  const company = (key: string) =>
    suite.state.records('companies').find((r) => r.properties.revlane_account_id === key);

  it('lists companies and contacts, and their properties from the properties API', async () => {
    expect(await suite.destination.objects(suite.connected.orgId)).toEqual([
      { name: 'companies', label: 'Companies' },
      { name: 'contacts', label: 'Contacts' },
    ]);
    const fields = await suite.destination.fields(suite.connected.orgId, 'companies');
    const byName = new Map(fields!.map((f) => [f.name, f]));
    expect(byName.get('revlane_account_id')).toMatchObject({
      type: 'string',
      identifying: true,
      writable: true,
    });
    expect(byName.get('hs_object_id')).toMatchObject({ identifying: true, writable: false });
    expect(byName.get('pql')).toMatchObject({ type: 'bool', identifying: false, writable: true });
    expect(byName.get('mrr')).toMatchObject({ type: 'number', writable: true });
    expect(byName.get('health_score')).toMatchObject({ type: 'number', writable: true });
    expect(byName.get('hs_lastmodifieddate')).toMatchObject({ writable: false });
    // Calculated by HubSpot: never written.
    expect(byName.get('num_associated_contacts')).toMatchObject({ writable: false });
    expect(byName.get('name')).toMatchObject({ identifying: false, writable: true });
    const contacts = await suite.destination.fields(suite.connected.orgId, 'contacts');
    expect(contacts!.filter((f) => f.identifying).map((f) => f.name)).toEqual([
      'hs_object_id',
      'email',
      'revlane_user_id',
    ]);
    expect(await suite.destination.fields(suite.connected.orgId, 'tickets')).toBeNull();
  });

  it('upserts by a unique property: created, then updated in place', async () => {
    const context = testContext();
    const first = await suite.destination.write(
      batch('upsert', [
        ['acc-1', { pql: 'true', mrr: '1200', plan: 'pro' }],
        ['acc-2', { pql: 'false', mrr: '90.5', plan: 'starter' }],
      ]),
      context,
    );
    expect(first).toEqual([
      {
        key: 'acc-1',
        ok: true,
        destinationId: expect.stringMatching(/^\d+$/) as unknown,
        answer: 'created',
      },
      {
        key: 'acc-2',
        ok: true,
        destinationId: expect.stringMatching(/^\d+$/) as unknown,
        answer: 'created',
      },
    ]);
    expect(context.paced).toBe(1);
    expect(company('acc-1')!.properties).toMatchObject({ pql: 'true', mrr: '1200', plan: 'pro' });

    const second = await suite.destination.write(
      batch('upsert', [['acc-1', { pql: 'true', mrr: '1500', plan: 'pro' }]]),
      context,
    );
    expect(second).toEqual([
      { key: 'acc-1', ok: true, destinationId: first[0]!.destinationId, answer: 'updated' },
    ]);
    expect(company('acc-1')!.properties.mrr).toBe('1500');
    expect(suite.state.writes('companies', 'acc-1', 'revlane_account_id')).toBe(2);
    expect(suite.state.writes('companies', first[1]!.destinationId!)).toBe(1);

    const held = await suite.destination.read(
      suite.connected.orgId,
      'companies',
      'revlane_account_id',
      ['acc-1', 'acc-2', 'acc-404'],
      ['mrr', 'plan', 'health_score'],
      context,
    );
    expect([...held.keys()]).toEqual(['acc-1', 'acc-2']);
    expect(held.get('acc-1')).toEqual({
      destinationId: first[0]!.destinationId,
      values: { mrr: '1500', plan: 'pro', health_score: null },
    });
  });

  it('update: a key not found fails "not found" and creates nothing', async () => {
    const before = suite.state.records('companies').length;
    const results = await suite.destination.write(
      batch('update', [
        ['acc-2', { pql: 'true', mrr: '95', plan: 'starter' }],
        ['acc-404', { pql: 'true', mrr: '1', plan: 'free' }],
      ]),
      testContext(),
    );
    expect(results).toEqual([
      { key: 'acc-2', ok: true, destinationId: expect.any(String) as unknown, answer: 'updated' },
      { key: 'acc-404', ok: false, destinationId: null, answer: 'not found' },
    ]);
    expect(suite.state.records('companies')).toHaveLength(before);
    expect(suite.state.writes('companies', 'acc-404', 'revlane_account_id')).toBe(0);
    expect(company('acc-2')!.properties).toMatchObject({ pql: 'true', mrr: '95' });
  });

  it("splits a 207 per record: a refused value fails its record with HubSpot's words", async () => {
    const results = await suite.destination.write(
      batch('upsert', [
        ['acc-3', { pql: 'false', mrr: '10', plan: 'pro' }],
        ['acc-4', { pql: 'false', mrr: 'lots', plan: 'pro' }],
        ['acc-5', { pql: 'maybe', mrr: '10', plan: 'pro' }],
      ]),
      testContext(),
    );
    expect(results[0]).toMatchObject({ key: 'acc-3', ok: true, answer: 'created' });
    expect(results[1]).toMatchObject({ key: 'acc-4', ok: false });
    expect(results[1]!.answer).toMatch(
      /Property values were not valid: .*lots was not a valid number/,
    );
    expect(results[2]!.answer).toMatch(/maybe was not one of the allowed options/);
    expect(company('acc-4')).toBeUndefined();
    expect(company('acc-5')).toBeUndefined();
  });

  it('updates by record id; upsert by record id cannot create', async () => {
    const seeded = suite.state.records('companies')[0]!;
    const results = await suite.destination.write(
      batch(
        'upsert',
        [
          [seeded.id, { plan: 'enterprise' }],
          ['99999999', { plan: 'free' }],
        ],
        {
          matchField: 'hs_object_id',
          fields: ['plan'],
        },
      ),
      testContext(),
    );
    expect(results).toEqual([
      { key: seeded.id, ok: true, destinationId: seeded.id, answer: 'updated' },
      { key: '99999999', ok: false, destinationId: null, answer: 'not found' },
    ]);
    expect(suite.state.records('companies')[0]!.properties.plan).toBe('enterprise');
  });

  it('contacts upsert by email, whatever its case (HubSpot keeps it lowercase)', async () => {
    const results = await suite.destination.write(
      batch('upsert', [['New.Person@Example.com', { pql: 'true' }]], {
        object: 'contacts',
        matchField: 'email',
        fields: ['pql'],
      }),
      testContext(),
    );
    expect(results).toEqual([
      {
        key: 'New.Person@Example.com',
        ok: true,
        destinationId: expect.any(String) as unknown,
        answer: 'created',
      },
    ]);
    const contact = suite.state.records('contacts').find((r) => r.id === results[0]!.destinationId);
    expect(contact!.properties).toMatchObject({ email: 'new.person@example.com', pql: 'true' });
  });

  it('clears with empty strings, and deletes (ids looked up when not known)', async () => {
    const context = testContext();
    const cleared = await suite.destination.write(
      batch('update', [['acc-1', { pql: null, mrr: null, plan: null }]]),
      context,
    );
    expect(cleared).toMatchObject([{ key: 'acc-1', ok: true, answer: 'updated' }]);
    expect(company('acc-1')!.properties).toMatchObject({ pql: null, mrr: null, plan: null });

    const acc2 = company('acc-2')!;
    const paced = context.paced;
    const deleted = await suite.destination.write(
      batch('delete', [
        ['acc-1', { pql: null, mrr: null, plan: null }],
        ['acc-2', { pql: null, mrr: null, plan: null }, acc2.id],
        ['acc-gone', { pql: null, mrr: null, plan: null }],
      ]),
      context,
    );
    expect(deleted).toEqual([
      { key: 'acc-1', ok: true, destinationId: expect.any(String) as unknown, answer: 'deleted' },
      { key: 'acc-2', ok: true, destinationId: acc2.id, answer: 'deleted' },
      { key: 'acc-gone', ok: true, destinationId: null, answer: 'not found: nothing to delete' },
    ]);
    // One batch read for the keys without an id, one archive.
    expect(context.paced - paced).toBe(2);
    expect(company('acc-1')).toBeUndefined();
    expect(company('acc-2')).toBeUndefined();
  });

  it('a 429 is a DestinationRetry with its Retry-After', async () => {
    suite.connected.fake.oauth.throttleNext = 1;
    const refused = await suite.destination
      .write(batch('upsert', [['acc-6', { pql: 'true', mrr: '1', plan: 'pro' }]]), testContext())
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DestinationRetry);
    expect(refused).toMatchObject({ retryAfterSeconds: 1 });
    expect(company('acc-6')).toBeUndefined();
  });

  it("answers 429 beyond the rolling window (HubSpot's 190 per 10 s by default)", async () => {
    expect(suite.state.requestLimit).toEqual(HUBSPOT_REQUEST_LIMIT);
    expect(HUBSPOT_REQUEST_LIMIT).toEqual({ requests: 190, windowMs: 10_000 });
    suite.state.requestLimit = { requests: 3, windowMs: 10_000 };
    try {
      const read = () =>
        suite.destination.read(
          suite.connected.orgId,
          'companies',
          'revlane_account_id',
          ['acc-3'],
          ['plan'],
          testContext(),
        );
      for (let i = 0; i < 3; i++) expect((await read()).size).toBe(1);
      const refused = await read().catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DestinationRetry);
      const wait = (refused as DestinationRetry).retryAfterSeconds;
      expect(wait).toBeGreaterThanOrEqual(9);
      expect(wait).toBeLessThanOrEqual(10);
    } finally {
      suite.state.requestLimit = HUBSPOT_REQUEST_LIMIT;
    }
  });

  it('refuses more than 100 inputs a call, as HubSpot does', async () => {
    const { accessToken } = suite.connected.fake.oauth.issueTokens();
    const response = await fetch(
      `${suite.connected.fake.root}/crm/v3/objects/companies/batch/upsert`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          inputs: Array.from({ length: 101 }, (_, i) => ({
            id: `bulk-${i}`,
            idProperty: 'revlane_account_id',
            properties: {},
          })),
        }),
      },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ category: 'VALIDATION_ERROR' });
  });
});
