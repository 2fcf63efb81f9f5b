import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MappingBody, MappingPreview } from '@revlane/contracts';
import { createMappingFixture, type MappingFixture } from './mapping-fixture.js';

/**
 * A second source of accounts (ADR 0032), hand-checked against the fixture's accounts
 * (a1 acme.com, a2 globex.io, a3 initech.com twice, a4 gmail.com):
 * - acme.com written three ways: the latest modified (b2) wins, b1 and b3 lose (ambiguous);
 * - `GLOBEX.io:443/x` matches globex.io (port and path dropped, case ignored);
 * - initech.com and gmail.com have no second-source record: product only (2);
 * - hooli.com, and b7 without any website: records of their own, "billing.csv only" (2).
 * Attributes are named after the source type (`csv_tier`), unless named (`billing_name`).
 */
const BILLING_CSV = `bid,label,site,tier,changed
b1,Acme Old,https://www.Acme.com/pricing,silver,2026-01-01 00:00:00
b2,Acme Latest,ACME.COM,gold,2026-06-01 00:00:00
b3,Acme Older,acme.com,bronze,2025-01-01 00:00:00
b4,Globex,GLOBEX.io:443/x,silver,2026-03-01 00:00:00
b5,Hooli,hooli.com,gold,2026-02-01 00:00:00
b7,No Site,,bronze,2026-02-01 00:00:00
`;

/** Contacts by email, case and spaces aside: u1 and u3 match; zed is a contact only. */
const CONTACTS_CSV = `cid,mail,stage
c1, ANN@Acme.com ,customer
c3,cat@GLOBEX.io,lead
c9,zed@hooli.com,lead
`;

describe('modelling: a second source merged into accounts and users (ADR 0032)', () => {
  let f: MappingFixture;
  let billing: string;
  let contacts: string;
  const csv = async (name: string, content: string) => {
    const source = await f.createSource(f.dana, { type: 'csv', name, config: { fileName: name } });
    await f.land(source.id, content);
    return source.id;
  };
  const merged = (): MappingBody => {
    const mapping = f.mapping();
    mapping.accounts.joins = [
      {
        sourceId: billing,
        table: 'billing.csv',
        match: { kind: 'domain', column: 'site' },
        attributes: ['tier', { column: 'label', name: 'billing_name' }],
        id: 'bid',
        label: 'label',
        modifiedAt: 'changed',
      },
    ];
    mapping.users.joins = [
      {
        sourceId: contacts,
        table: 'contacts.csv',
        match: { kind: 'email', column: 'mail' },
        attributes: ['stage'],
        id: 'cid',
      },
    ];
    return mapping;
  };

  beforeAll(async () => {
    f = await createMappingFixture();
    billing = await csv('billing.csv', BILLING_CSV);
    contacts = await csv('contacts.csv', CONTACTS_CSV);
  }, 120_000);
  afterAll(() => f.close());

  it('previews each join: matched, primary only, joined only, and the ambiguous rule', async () => {
    const response = await f.call(f.dana, {
      method: 'POST',
      url: 'mapping/preview',
      payload: merged(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json<{ data: MappingPreview }>().data;
    const [accounts] = preview.accounts.joins;
    expect(accounts).toMatchObject({
      sourceLabel: 'billing.csv',
      matchKind: 'domain',
      primaryTotal: 4,
      joinedTotal: 6,
      matched: 2,
      primaryOnly: 2,
      joinedOnly: 2,
      ambiguous: 1,
      summary:
        '2 of 4 product accounts matched a billing.csv record by domain; 2 product only; 2 billing.csv only',
    });
    expect(accounts!.ambiguousRule).toContain('the most recently modified (changed) wins');
    expect(accounts!.primaryOnlySample).toEqual([
      { id: 'a3', name: 'Initech', match_value: 'initech.com' },
      { id: 'a4', name: 'Gmail Co', match_value: 'gmail.com' },
    ]);
    expect(accounts!.joinedOnlySample).toEqual([
      { id: 'b5', name: 'Hooli', match_value: 'hooli.com' },
      { id: 'b7', name: 'No Site', match_value: null },
    ]);
    expect(accounts!.ambiguousSample).toEqual([
      { match_value: 'acme.com', records: 3, chosen_id: 'b2', chosen_name: 'Acme Latest' },
    ]);
    const [users] = preview.users.joins;
    expect(users).toMatchObject({ primaryTotal: 6, matched: 2, primaryOnly: 4, joinedOnly: 1 });
    // The accounts the publish would build: 4 product accounts and 2 of the billing only.
    expect(preview.accounts.total).toBe(6);
  });

  it('publishes merged records: the winner’s values, and joined-only records marked', async () => {
    const saved = await f.call(f.dana, { method: 'PUT', url: 'mapping', payload: merged() });
    expect(saved.statusCode, saved.body).toBe(200);
    const run = await f.publish();
    expect(run.status, run.error ?? '').toBe('succeeded');
    expect(
      await f.rows(
        `SELECT id, name, domain, csv_tier, billing_name, csv_id, in_product, in_crm
        FROM {segment_accounts} ORDER BY id`,
      ),
    ).toEqual([
      row('a1', 'Acme', 'acme.com', 'gold', 'Acme Latest', 'b2', true),
      row('a2', 'Globex', 'globex.io', 'silver', 'Globex', 'b4', true),
      row('a3', 'Initech', 'initech.com', null, null, null, true),
      row('a4', 'Gmail Co', 'gmail.com', null, null, null, true),
      row('csv:b5', 'Hooli', 'hooli.com', 'gold', 'Hooli', 'b5', true),
      row('csv:b7', 'No Site', null, 'bronze', 'No Site', 'b7', true),
    ]);
    expect(
      await f.rows('SELECT id, email, csv_stage, csv_id FROM {segment_users} ORDER BY id'),
    ).toEqual([
      { id: 'csv:c9', email: 'zed@hooli.com', csv_stage: 'lead', csv_id: 'c9' },
      { id: 'u1', email: 'ann@acme.com', csv_stage: 'customer', csv_id: 'c1' },
      { id: 'u2', email: 'bob@WWW.ACME.COM', csv_stage: null, csv_id: null },
      { id: 'u3', email: 'cat@globex.io', csv_stage: 'lead', csv_id: 'c3' },
      { id: 'u4', email: 'dan@gmail.com', csv_stage: null, csv_id: null },
      { id: 'u5', email: 'eve2@unknown.org', csv_stage: null, csv_id: null },
      { id: 'u6', email: 'fay@initech.com', csv_stage: null, csv_id: null },
    ]);
  });

  it('takes the source a precedence list names first for a column several sources give', async () => {
    // Both the accounts file (plan) and the billing file (tier, named plan_source) give it.
    const mapping = merged();
    mapping.accounts.joins![0]!.attributes = [{ column: 'label', name: 'name_source' }];
    mapping.accounts.attributes = ['plan'];
    mapping.accounts.joins!.push({
      sourceId: f.sources.accounts,
      table: 'accounts.csv',
      match: { kind: 'domain', column: 'website' },
      attributes: [{ column: 'company', name: 'name_source' }],
    });
    mapping.accounts.precedence = { name_source: [f.sources.accounts, billing] };
    const preview = await f.call(f.dana, {
      method: 'POST',
      url: 'mapping/preview',
      payload: mapping,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const rows = preview.json<{ data: MappingPreview }>().data.accounts.rows;
    const acme = rows.find((r) => r.id === 'a1');
    expect(acme?.name_source).toBe('Acme');
    mapping.accounts.precedence = { name_source: [billing] };
    const flipped = await f.call(f.dana, {
      method: 'POST',
      url: 'mapping/preview',
      payload: mapping,
    });
    const acme2 = flipped
      .json<{ data: MappingPreview }>()
      .data.accounts.rows.find((r) => r.id === 'a1');
    expect(acme2?.name_source).toBe('Acme Latest');
  });

  it('refuses a join naming what is not there, each by its path; nothing is saved', async () => {
    const mapping = merged();
    mapping.accounts.joins![0]!.match = { kind: 'column', column: 'nope' };
    mapping.accounts.joins![0]!.attributes = ['missing'];
    mapping.accounts.precedence = { unknown_column: [billing] };
    const response = await f.call(f.dana, { method: 'PUT', url: 'mapping', payload: mapping });
    expect(response.statusCode).toBe(400);
    const paths = response
      .json<{ errors: { path: string }[] }>()
      .errors.map((error) => error.path)
      .sort();
    expect(paths).toEqual([
      'accounts.joins[0].attributes[0]',
      'accounts.joins[0].match.column',
      'accounts.joins[0].match.primaryColumn',
      'accounts.precedence.unknown_column',
    ]);
  });
});

function row(
  id: string,
  name: string,
  domain: string | null,
  tier: string | null,
  billingName: string | null,
  billingId: string | null,
  inProduct: boolean,
) {
  return {
    id,
    name,
    domain,
    csv_tier: tier,
    billing_name: billingName,
    csv_id: billingId,
    in_product: inProduct,
    in_crm: false,
  };
}
