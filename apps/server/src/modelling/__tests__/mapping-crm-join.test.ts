import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MappingBody, MappingPreview, Source, Sync } from '@revlane/contracts';
import { asUser, testUser } from '../../../test/app.js';
import { crmDataset } from '../../integrations/core/crm-dataset.js';
import {
  connect,
  crmEnvFor,
  startFakeProvider,
} from '../../services/composer/__tests__/fake-provider.js';
import { waitForSync } from '../../services/composer/__tests__/sync-helpers.js';
import { createMappingFixture, type MappingFixture } from './mapping-fixture.js';

/** The Salesforce fake's records (its sandbox data set), to compute expected values from. */
const SALESFORCE = crmDataset({
  account: '001SBX',
  contact: '003SBX',
  deal: '006SBX',
  owner: '005SBX',
});
const [first, second, third] = SALESFORCE.accounts;
const ownerOf = (account: (typeof SALESFORCE.accounts)[number]) =>
  SALESFORCE.owners.find((owner) => owner.id === account.ownerId)!;

/**
 * Product accounts: three Salesforce domains written as a product would (scheme, www., case,
 * a path) and one no Salesforce account has; a product user whose email is a Salesforce
 * contact's in capitals.
 */
const PRODUCT_ACCOUNTS = `account_id,company,website
p1,First,https://www.${first!.domain.toUpperCase()}/app
p2,Second,${second!.domain}
p3,Third,http://${third!.domain}:8080
p4,Nobody,nobody-knows.example
`;
const contact = SALESFORCE.contacts.find((c) => c.accountId === first!.id)!;
const PRODUCT_USERS = `user_id,email,full_name
u1,${contact.email.toUpperCase()},Known Contact
u2,someone@nobody-knows.example,Unknown
`;

describe('modelling: Salesforce accounts and contacts joined to product records (ADR 0032)', () => {
  let f: MappingFixture;
  let fake: Awaited<ReturnType<typeof startFakeProvider>>;
  let salesforce: string;

  const mapping = (): MappingBody => {
    const body = f.mapping();
    delete body.events;
    body.accounts.attributes = [];
    body.accounts.joins = [
      {
        sourceId: salesforce,
        table: 'Account',
        match: { kind: 'domain', column: 'Website' },
        attributes: ['Industry', { column: 'OwnerName', name: 'salesforce_owner' }],
      },
    ];
    body.users.attributes = [];
    body.users.joins = [
      {
        sourceId: salesforce,
        table: 'Contact',
        match: { kind: 'email', column: 'Email' },
        attributes: ['LastName'],
      },
    ];
    return body;
  };

  beforeAll(async () => {
    fake = await startFakeProvider('salesforce');
    f = await createMappingFixture(crmEnvFor('salesforce', fake));
    await connect(f, f.dana, 'salesforce');
    const started = await f.call(f.dana, { method: 'POST', url: 'connections/salesforce/syncs' });
    expect(started.statusCode, started.body).toBe(202);
    const sync = await waitForSync(f, f.dana, started.json<{ data: Sync }>().data.id);
    expect(sync.status, sync.error ?? '').toBe('succeeded');
    const sources = (await f.call(f.dana, { method: 'GET', url: 'sources' })).json<{
      data: Source[];
    }>().data;
    salesforce = sources.find((source) => source.type === 'salesforce')!.id;
    await f.land(f.sources.accounts, PRODUCT_ACCOUNTS);
    await f.land(f.sources.users, PRODUCT_USERS);
  }, 180_000);
  afterAll(async () => {
    await f?.close();
    await fake?.close();
  });

  it('previews the match as the issue words it', async () => {
    const response = await f.call(f.dana, {
      method: 'POST',
      url: 'mapping/preview',
      payload: mapping(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json<{ data: MappingPreview }>().data;
    const crmOnly = SALESFORCE.accounts.length - 3;
    expect(preview.accounts.joins[0]!.summary).toBe(
      `3 of 4 product accounts matched a Salesforce account by domain; 1 product only; ${crmOnly} CRM only`,
    );
    expect(preview.users.joins[0]).toMatchObject({ matched: 1, primaryOnly: 1 });
  });

  it('publishes owners, CRM fields, CRM-only records and the Salesforce ids', async () => {
    const saved = await f.call(f.dana, { method: 'PUT', url: 'mapping', payload: mapping() });
    expect(saved.statusCode, saved.body).toBe(200);
    const run = await f.publish();
    expect(run.status, run.error ?? '').toBe('succeeded');
    const product = await f.rows(
      `SELECT id, salesforce_id, salesforce_industry, salesforce_owner, owner_id, owner_name,
        owner_email, in_product, in_crm FROM {segment_accounts} WHERE in_product ORDER BY id`,
    );
    expect(product).toEqual([
      ...[first!, second!, third!].map((account, index) => ({
        id: `p${index + 1}`,
        salesforce_id: account.id,
        salesforce_industry: account.industry,
        salesforce_owner: ownerOf(account).name,
        owner_id: account.ownerId,
        owner_name: ownerOf(account).name,
        owner_email: ownerOf(account).email,
        in_product: true,
        in_crm: true,
      })),
      {
        id: 'p4',
        salesforce_id: null,
        salesforce_industry: null,
        salesforce_owner: null,
        owner_id: null,
        owner_name: null,
        owner_email: null,
        in_product: true,
        in_crm: false,
      },
    ]);
    const [crmOnly] = await f.rows(
      'SELECT count(*) AS n FROM {segment_accounts} WHERE NOT in_product AND in_crm',
    );
    expect(Number(crmOnly!.n)).toBe(SALESFORCE.accounts.length - 3);
    const users = await f.rows(
      `SELECT id, salesforce_id, salesforce_last_name, owner_email, account_salesforce_id
      FROM {segment_users} WHERE in_product ORDER BY id`,
    );
    expect(users).toEqual([
      {
        id: 'u1',
        salesforce_id: contact.id,
        salesforce_last_name: contact.lastName,
        owner_email: ownerOf(first!).email,
        account_salesforce_id: first!.id,
      },
      {
        id: 'u2',
        salesforce_id: null,
        salesforce_last_name: null,
        owner_email: null,
        account_salesforce_id: null,
      },
    ]);
  });

  it('"me" on owner_email is the signed-in rep, in a page and in a cohort', async () => {
    const owner = ownerOf(first!);
    const rep = await testUser(f.t, owner.email, { org_id: f.danaOrg });
    const segments = (
      await f.t.app.inject(asUser(rep, { method: 'GET', url: '/live-ops/api/v1/segments/me' }))
    ).json<{ data: { id: string; name: string }[] }>().data;
    const accounts = segments.find((segment) => segment.name === 'All accounts')!;
    const mine = JSON.stringify([{ field: 'owner_email', operator: 'eq', value: 'me' }]);
    const page = async (user: typeof rep) =>
      (
        await f.t.app.inject(
          asUser(user, {
            method: 'GET',
            url: `/live-ops/api/v1/segments/${accounts.id}/data?perPage=500&columns=${encodeURIComponent('["id","owner_email"]')}&filters=${encodeURIComponent(mine)}`,
          }),
        )
      ).json<{ data: { rows: { owner_email: string }[]; total: number } }>().data;
    const owned = SALESFORCE.accounts.filter((account) => account.ownerId === owner.id).length;
    const repPage = await page(rep);
    expect(repPage.total).toBe(owned);
    expect(repPage.rows.every((row) => row.owner_email === owner.email)).toBe(true);
    // Dana owns nothing in Salesforce: her "me" is her own email, matching no account.
    expect((await page(f.dana)).total).toBe(0);

    // A cohort's snapshot counts "me" as its creator.
    const cohort = await f.t.app.inject(
      asUser(rep, {
        method: 'POST',
        url: `/live-ops/api/v1/segments/${accounts.id}/cohorts`,
        payload: { name: 'My accounts', filters: JSON.parse(mine) as unknown[] },
      }),
    );
    expect(cohort.statusCode, cohort.body).toBe(201);
    expect(cohort.json<{ data: { members: number } }>().data.members).toBe(owned);
  });
});
