import type { MappingBody } from '@revlane/contracts';
import { describe, expect, it } from 'vitest';
import { makeSource } from '../testing/source-fixtures';
import { initialMappingValues, mappingFieldsOf, mappingOfForm } from './mapping-form';
import { contestedAttributes, sourceTypeLookup, type JoinedEntityValues } from './mapping-joins';

const sources = [
  makeSource({ id: 'src-a', type: 'csv', name: 'accounts.csv' }),
  makeSource({ id: 'src-sf', type: 'salesforce', name: 'Salesforce' }),
  makeSource({ id: 'src-hs', type: 'hubspot', name: 'HubSpot' }),
];
const typeOf = sourceTypeLookup(sources);

const users = { sourceId: 'src-a', table: 'users.csv', columns: { id: 'user_id' } };

describe('joined tables in the mapping body', () => {
  it('sends renamed attributes as { column, name } and precedence for contested names only', () => {
    const accounts = {
      sourceId: 'src-a',
      table: 'accounts.csv',
      columns: { id: 'account_id' },
      attributes: ['industry'],
      joins: [
        {
          sourceId: 'src-sf',
          table: 'Account',
          match: { kind: 'domain' as const, column: 'Website', primaryColumn: null },
          attributes: ['Industry', 'AnnualRevenue'],
          names: { AnnualRevenue: 'arr', Industry: undefined },
        },
        {
          sourceId: 'src-hs',
          table: 'companies',
          match: { kind: 'column' as const, column: 'product_id', primaryColumn: 'account_id' },
          attributes: ['arr_amount'],
          names: { arr_amount: 'arr' },
        },
      ],
      winners: { arr: 'src-hs', industry: 'src-sf' },
    };
    const result = mappingOfForm({ accounts, users }, sources);
    expect(result).toEqual({
      body: {
        accounts: {
          sourceId: 'src-a',
          table: 'accounts.csv',
          columns: { id: 'account_id' },
          attributes: ['industry'],
          joins: [
            {
              sourceId: 'src-sf',
              table: 'Account',
              match: { kind: 'domain', column: 'Website' },
              attributes: ['Industry', { column: 'AnnualRevenue', name: 'arr' }],
            },
            {
              sourceId: 'src-hs',
              table: 'companies',
              match: { kind: 'column', column: 'product_id', primaryColumn: 'account_id' },
              attributes: [{ column: 'arr_amount', name: 'arr' }],
            },
          ],
          // `industry` (the primary's) and `salesforce_industry` are not the same column.
          precedence: { arr: ['src-hs', 'src-sf'] },
        },
        users: { ...users, attributes: [] },
      },
    });
  });

  it('finds the names two sources give, in the default order', () => {
    const values: JoinedEntityValues = {
      sourceId: 'src-a',
      attributes: ['Salesforce Industry'],
      joins: [{ sourceId: 'src-sf', attributes: ['Industry'], names: {} }],
    };
    expect(contestedAttributes(values, typeOf)).toEqual([
      { name: 'salesforce_industry', sourceIds: ['src-a', 'src-sf'] },
    ]);
  });

  it('refuses a column match without the primary column, and an empty rename', () => {
    const result = mappingOfForm(
      {
        accounts: {
          sourceId: 'src-a',
          table: 'accounts.csv',
          columns: { id: 'account_id' },
          joins: [
            {
              sourceId: 'src-sf',
              table: 'Account',
              match: { kind: 'column', column: 'Id' },
              attributes: ['Industry'],
              names: { Industry: '' },
            },
          ],
        },
        users,
      },
      sources,
    );
    expect('errors' in result && mappingFieldsOf(result.errors)).toEqual([
      {
        name: ['accounts', 'joins', 0, 'attributes'],
        errors: ['Use lower case letters, digits and _ (starting with a letter)'],
      },
      { name: ['accounts', 'joins', 0, 'match', 'primaryColumn'], errors: ['Required'] },
    ]);
  });

  it('edits a saved join as it was sent', () => {
    const saved: MappingBody = {
      accounts: {
        sourceId: 'src-a',
        table: 'accounts.csv',
        columns: { id: 'account_id' },
        attributes: [],
        joins: [
          {
            sourceId: 'src-sf',
            table: 'Account',
            match: { kind: 'domain', column: 'Website' },
            attributes: ['Industry', { column: 'AnnualRevenue', name: 'arr' }],
            modifiedAt: 'SystemModstamp',
          },
        ],
        precedence: { arr: ['src-sf', 'src-a'] },
      },
      users: { ...users, attributes: [] },
    };
    const values = initialMappingValues(
      { draft: saved, draftUpdatedAt: null, published: null, latestRun: null },
      'src-a',
    );
    expect(values.accounts?.joins?.[0]?.names).toEqual({ AnnualRevenue: 'arr' });
    expect(values.accounts?.winners).toEqual({ arr: 'src-sf' });
    // `arr` is contested only once the primary gives it too.
    expect(mappingOfForm(values, sources)).toEqual({
      body: { ...saved, accounts: { ...saved.accounts, precedence: undefined } },
    });
  });
});
