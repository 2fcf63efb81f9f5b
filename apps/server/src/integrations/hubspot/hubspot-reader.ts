import type { FilterOperatorEnum } from '@hubspot/api-client/lib/codegen/crm/companies/index.js';
import type { ProviderSettings } from '../../platform/connections-config.js';
import { hubspotClient } from './hubspot-provider.js';
import { companiesOf } from './hubspot-associations.js';
import type { CrmPage, CrmReader, CrmTable } from '../core/crm-connector.js';

/** HubSpot's search answers pages of up to 200; 100 keeps a page's body small. */
const PAGE_SIZE = 100;

/** The objects a HubSpot connection lands, with the properties segments use (owner, stage, ARR). */
export const HUBSPOT_TABLES: Record<string, Required<CrmTable>> = {
  companies: {
    fields: [
      ['id', 'text'],
      ['name', 'text'],
      ['domain', 'text'],
      ['industry', 'text'],
      ['annualrevenue', 'double'],
      ['lifecyclestage', 'text'],
      ['hubspot_owner_id', 'text'],
      ['hs_lastmodifieddate', 'timestamp'],
    ],
    cursor: 'hs_lastmodifieddate',
  },
  contacts: {
    fields: [
      ['id', 'text'],
      ['firstname', 'text'],
      ['lastname', 'text'],
      ['email', 'text'],
      ['associatedcompanyid', 'text'],
      ['lifecyclestage', 'text'],
      ['hubspot_owner_id', 'text'],
      // Contacts name their modified date without the hs_ prefix.
      ['lastmodifieddate', 'timestamp'],
    ],
    cursor: 'lastmodifieddate',
  },
  deals: {
    fields: [
      ['id', 'text'],
      ['dealname', 'text'],
      ['dealstage', 'text'],
      ['amount', 'double'],
      ['closedate', 'text'],
      ['hubspot_owner_id', 'text'],
      // Not a deal property: the primary company from the associations API, named as the
      // contacts' own property so the mapping joins both to companies the same way.
      ['associatedcompanyid', 'text'],
      ['hs_lastmodifieddate', 'timestamp'],
    ],
    cursor: 'hs_lastmodifieddate',
  },
  owners: {
    fields: [
      ['id', 'text'],
      ['firstName', 'text'],
      ['lastName', 'text'],
      ['email', 'text'],
      ['updatedAt', 'timestamp'],
    ],
    cursor: 'updatedAt',
  },
};

type SearchableObject = 'companies' | 'contacts' | 'deals';

/**
 * Companies, contacts and deals through the CRM search API (sorted by and filtered on their
 * modified date, so a run after the first asks only for changes), owners through the owners
 * API (no date filter there: CrmConnector keeps the changed ones); both paged by
 * `paging.next.after` (docs/architecture.md §6, Connections). Each page of deals is followed by
 * a batch read of their company associations (ADR 0028).
 */
export const hubspotReader: CrmReader = {
  label: 'HubSpot',
  tables: HUBSPOT_TABLES,
  async page(settings: ProviderSettings, accessToken, request): Promise<CrmPage> {
    const client = hubspotClient(settings, accessToken);
    const after = request.next ?? undefined;
    if (request.table === 'owners') {
      const page = await client.crm.owners.ownersApi.getPage(undefined, after, PAGE_SIZE, false);
      return {
        records: page.results.map((owner) => ({
          id: owner.id,
          firstName: owner.firstName ?? null,
          lastName: owner.lastName ?? null,
          email: owner.email ?? null,
          updatedAt: owner.updatedAt.toISOString(),
        })),
        next: page.paging?.next?.after ?? null,
      };
    }
    const table = HUBSPOT_TABLES[request.table]!;
    const isDeals = request.table === 'deals';
    const properties = table.fields
      .map(([name]) => name)
      .filter((name) => name !== 'id' && !(isDeals && name === 'associatedcompanyid'));
    const filterGroups = request.modifiedAfter
      ? [
          {
            filters: [
              {
                propertyName: table.cursor,
                operator: 'GT' as FilterOperatorEnum,
                value: String(Date.parse(request.modifiedAfter)),
              },
            ],
          },
        ]
      : [];
    const page = await client.crm[request.table as SearchableObject].searchApi.doSearch({
      filterGroups,
      sorts: [table.cursor],
      properties,
      limit: PAGE_SIZE,
      ...(after ? { after } : {}),
    });
    const companies = isDeals
      ? await companiesOf(
          client,
          'deals',
          page.results.map((record) => record.id),
        )
      : null;
    return {
      records: page.results.map((record) => ({
        ...record.properties,
        id: record.id,
        ...(companies ? { associatedcompanyid: companies.get(record.id) ?? null } : {}),
      })),
      next: page.paging?.next?.after ?? null,
    };
  },
};
