import { describe, expect, it } from 'vitest';
import { OrgCatalogue, type CustomColumn } from '../../../warehouse/index.js';
import { recordColumns } from './record-columns.js';

const custom = (table: CustomColumn['table'], name: string, crm?: boolean): CustomColumn => ({
  table,
  name,
  label: name,
  type: 'text',
  dataType: 'string',
  options: null,
  ...(crm === undefined ? {} : { crm }),
});

describe('record columns by group (docs/product.md §2, record pages)', () => {
  const catalogue = new OrgCatalogue([
    custom('accounts', 'salesforce_stage', true),
    custom('accounts', 'health_note'),
    custom('users', 'hubspot_lifecycle', true),
    custom('users', 'nickname', false),
  ]);
  const groups = (table: 'accounts' | 'users') =>
    Object.fromEntries(recordColumns(catalogue, table).map((c) => [c.name, c.group]));

  it('puts CRM-given attributes with the CRM fields, other custom ones apart, the rest under product', () => {
    const accounts = groups('accounts');
    expect(accounts).toMatchObject({
      salesforce_stage: 'crm',
      health_note: 'custom',
      name: 'product',
      mrr: 'product',
      events_30d: 'product',
    });
    const users = groups('users');
    expect(users).toMatchObject({
      hubspot_lifecycle: 'crm',
      nickname: 'custom',
      account_salesforce_stage: 'crm',
      account_health_note: 'custom',
      account_plan: 'product',
      email: 'product',
    });
    for (const name of ['owner_id', 'owner_name', 'owner_email', 'in_crm']) {
      if (name in accounts) expect(accounts[name]).toBe('crm');
      if (`account_${name}` in users) expect(users[`account_${name}`]).toBe('crm');
    }
  });

  it('keeps the catalogue’s order and public fields', () => {
    const columns = recordColumns(catalogue, 'accounts');
    expect(columns.map(({ group: _group, ...column }) => column)).toEqual(
      catalogue.segmentColumns('accounts'),
    );
  });
});
