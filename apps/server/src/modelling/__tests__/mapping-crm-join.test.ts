import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  joinedAttributeName,
  type MappingBody,
  type MappingPreview,
  type Source,
  type Sync,
} from '@revlane/contracts';
import { asUser, testUser } from '../../../test/app.js';
import { crmDataset } from '../../integrations/core/crm-dataset.js';
import {
  connect,
  crmEnvFor,
  startFakeProvider,
} from '../../services/composer/__tests__/fake-provider.js';
import { waitForSync } from '../../services/composer/__tests__/sync-helpers.js';
import { createMappingFixture, type MappingFixture } from './mapping-fixture.js';

/** The CRM fakes' records (their sandbox data set), to compute expected values from. */
const SALESFORCE = crmDataset({
  account: '001SBX',
  contact: '003SBX',
  deal: '006SBX',
  owner: '005SBX',
});
const [first, second, third] = SALESFORCE.accounts;
const ownerOf = (account: (typeof SALESFORCE.accounts)[number]) =>
  SALESFORCE.owners.find((owner) => owner.id === account.ownerId)!;
/** HubSpot's fake holds the same companies under its own ids (hubspot-fake.ts). */
const HUBSPOT = crmDataset({ account: '91', contact: '51', deal: '71', owner: '31' });

/** Each CRM's tables and columns as they land, and its own ids of the same records. */
const CRMS = [
  {
    provider: 'salesforce' as const,
    label: 'Salesforce',
    accounts: { table: 'Account', match: 'Website', industry: 'Industry' },
    contacts: { table: 'Contact', match: 'Email', lastName: 'LastName' },
    data: SALESFORCE,
    word: 'account',
    industryOf: (industry: string) => industry,
  },
  {
    provider: 'hubspot' as const,
    label: 'HubSpot',
    accounts: { table: 'companies', match: 'domain', industry: 'industry' },
    contacts: { table: 'contacts', match: 'email', lastName: 'lastname' },
    data: HUBSPOT,
    word: 'company',
    // HubSpot's industry is an enumeration of upper-case values.
    industryOf: (industry: string) => industry.toUpperCase(),
  },
];

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

describe.each(CRMS)('modelling: $label records joined to product records (ADR 0032)', (crm) => {
  const idOf = (index: number) => crm.data.accounts[index]!.id;
  const contactId = crm.data.contacts[SALESFORCE.contacts.indexOf(contact)]!.id;
  const ownerIdOf = (index: number) => crm.data.accounts[index]!.ownerId;
  let f: MappingFixture;
  let fake: Awaited<ReturnType<typeof startFakeProvider>>;
  let crmSource: string;

  const mapping = (): MappingBody => {
    const body = f.mapping();
    delete body.events;
    body.accounts.attributes = [];
    body.accounts.joins = [
      {
        sourceId: crmSource,
        table: crm.accounts.table,
        match: { kind: 'domain', column: crm.accounts.match },
        attributes: [crm.accounts.industry, { column: crm.accounts.industry, name: 'crm_sector' }],
      },
    ];
    body.users.attributes = [];
    body.users.joins = [
      {
        sourceId: crmSource,
        table: crm.contacts.table,
        match: { kind: 'email', column: crm.contacts.match },
        attributes: [crm.contacts.lastName],
      },
    ];
    return body;
  };

  beforeAll(async () => {
    fake = await startFakeProvider(crm.provider);
    f = await createMappingFixture(crmEnvFor(crm.provider, fake));
    await connect(f, f.dana, crm.provider);
    const started = await f.call(f.dana, {
      method: 'POST',
      url: `connections/${crm.provider}/syncs`,
    });
    expect(started.statusCode, started.body).toBe(202);
    const sync = await waitForSync(f, f.dana, started.json<{ data: Sync }>().data.id);
    expect(sync.status, sync.error ?? '').toBe('succeeded');
    const sources = (await f.call(f.dana, { method: 'GET', url: 'sources' })).json<{
      data: Source[];
    }>().data;
    crmSource = sources.find((source) => source.type === crm.provider)!.id;
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
      `3 of 4 product accounts matched a ${crm.label} ${crm.word} by domain; 1 product only; ${crmOnly} CRM only`,
    );
    expect(preview.users.joins[0]).toMatchObject({ matched: 1, primaryOnly: 1 });
  });

  it('publishes owners, CRM fields, CRM-only records and the CRM ids', async () => {
    const saved = await f.call(f.dana, { method: 'PUT', url: 'mapping', payload: mapping() });
    expect(saved.statusCode, saved.body).toBe(200);
    const run = await f.publish();
    expect(run.status, run.error ?? '').toBe('succeeded');
    const p = crm.provider;
    const product = await f.rows(
      `SELECT id, ${p}_id AS crm_id, ${p}_industry AS industry, crm_sector, owner_id, owner_name,
        owner_email, in_product, in_crm FROM {segment_accounts} WHERE in_product ORDER BY id`,
    );
    expect(product).toEqual([
      ...[first!, second!, third!].map((account, index) => ({
        id: `p${index + 1}`,
        crm_id: idOf(index),
        industry: crm.industryOf(account.industry),
        crm_sector: crm.industryOf(account.industry),
        owner_id: ownerIdOf(index),
        owner_name: ownerOf(account).name,
        owner_email: ownerOf(account).email,
        in_product: true,
        in_crm: true,
      })),
      {
        id: 'p4',
        crm_id: null,
        industry: null,
        crm_sector: null,
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
      `SELECT id, ${p}_id AS crm_id, ${joinedAttributeName(p, crm.contacts.lastName)} AS last_name,
        owner_email, account_${p}_id AS account_crm_id
      FROM {segment_users} WHERE in_product ORDER BY id`,
    );
    expect(users).toEqual([
      {
        id: 'u1',
        crm_id: contactId,
        last_name: contact.lastName,
        owner_email: ownerOf(first!).email,
        account_crm_id: idOf(0),
      },
      { id: 'u2', crm_id: null, last_name: null, owner_email: null, account_crm_id: null },
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
