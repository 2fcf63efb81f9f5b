import type { ProviderSettings } from '../../platform/connections-config.js';
import { intercomClient } from './intercom-provider.js';
import type { CrmPage, CrmReader, CrmTable } from '../core/crm-connector.js';

/** Intercom's search pages hold up to 150; the scroll API sets its own size. */
const PAGE_SIZE = 150;

/**
 * The objects an Intercom connection lands: companies (plan, spend), contacts, and the admins
 * (teammates) their `owner_id` names, so segments show owners by name.
 */
export const INTERCOM_TABLES: Record<string, CrmTable> = {
  companies: {
    fields: [
      ['id', 'text'],
      ['company_id', 'text'],
      ['name', 'text'],
      ['website', 'text'],
      ['industry', 'text'],
      ['plan', 'text'],
      ['monthly_spend', 'double'],
      ['user_count', 'bigint'],
      ['updated_at', 'timestamp'],
    ],
    cursor: 'updated_at',
  },
  contacts: {
    fields: [
      ['id', 'text'],
      ['role', 'text'],
      ['name', 'text'],
      ['email', 'text'],
      ['company_id', 'text'],
      ['owner_id', 'text'],
      ['updated_at', 'timestamp'],
    ],
    cursor: 'updated_at',
  },
  // Admins have no modified date and come in one list: read whole each run.
  admins: {
    fields: [
      ['id', 'text'],
      ['name', 'text'],
      ['email', 'text'],
      ['job_title', 'text'],
    ],
  },
};

/** Intercom dates are Unix seconds; rows carry ISO text like every CRM's. */
const isoOf = (seconds: number | undefined) =>
  seconds === undefined ? null : new Date(seconds * 1000).toISOString();

/**
 * Intercom through its official client (docs/architecture.md §6, Connections): companies by
 * the scroll API (its `scroll_param` cursor; no date filter there, CrmConnector keeps the
 * changed ones), contacts by the search API on `updated_at` paged by `starting_after`.
 */
export const intercomReader: CrmReader = {
  label: 'Intercom',
  tables: INTERCOM_TABLES,
  async page(settings: ProviderSettings, accessToken, request): Promise<CrmPage> {
    const client = intercomClient(settings, accessToken);
    if (request.table === 'admins') {
      const list = await client.admins.list();
      return {
        records: (list.admins ?? []).flatMap((admin) =>
          admin
            ? [
                {
                  id: String(admin.id),
                  name: admin.name ?? null,
                  email: admin.email ?? null,
                  job_title: admin.job_title ?? null,
                },
              ]
            : [],
        ),
        next: null,
      };
    }
    if (request.table === 'companies') {
      const page = await client.companies.scroll(
        request.next ? { scroll_param: request.next } : {},
      );
      const companies = page.data;
      return {
        records: companies.map((c) => ({
          id: c.id,
          company_id: c.company_id ?? null,
          name: c.name ?? null,
          website: c.website ?? null,
          industry: c.industry ?? null,
          plan: c.plan?.name ?? null,
          monthly_spend: c.monthly_spend ?? null,
          user_count: c.user_count ?? null,
          updated_at: isoOf(c.updated_at),
        })),
        next:
          companies.length > 0 && page.response?.scroll_param ? page.response.scroll_param : null,
      };
    }
    const after = request.modifiedAfter ? Math.floor(Date.parse(request.modifiedAfter) / 1000) : 0;
    const page = await client.contacts.search({
      query: { field: 'updated_at', operator: '>', value: after },
      pagination: {
        per_page: PAGE_SIZE,
        ...(request.next ? { starting_after: request.next } : {}),
      },
    });
    return {
      records: page.data.map((c) => ({
        id: c.id,
        role: c.role ?? null,
        name: c.name ?? null,
        email: c.email ?? null,
        company_id: c.companies?.data?.[0]?.id ?? null,
        owner_id: c.owner_id === undefined ? null : String(c.owner_id),
        updated_at: isoOf(c.updated_at),
      })),
      next: page.response.pages?.next?.starting_after ?? null,
    };
  },
};
