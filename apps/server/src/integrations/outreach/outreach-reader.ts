import type { ProviderSettings } from '../../platform/connections-config.js';
import { outreachGet } from './outreach-provider.js';
import { ConnectorError } from '../core/connector.js';
import type { CrmPage, CrmReader, CrmRow, CrmTable } from '../core/crm-connector.js';

/** Outreach pages hold up to 1,000; 100 keeps each answer small. */
const PAGE_SIZE = 100;

/**
 * The objects an Outreach connection lands: accounts and prospects with their owners' and
 * stages' ids, and the users and stages those name (so segments show names, not ids).
 */
export const OUTREACH_TABLES: Record<string, CrmTable> = {
  accounts: {
    fields: [
      ['id', 'text'],
      ['name', 'text'],
      ['domain', 'text'],
      ['industry', 'text'],
      ['ownerId', 'text'],
      ['updatedAt', 'timestamp'],
    ],
    cursor: 'updatedAt',
  },
  prospects: {
    fields: [
      ['id', 'text'],
      ['firstName', 'text'],
      ['lastName', 'text'],
      ['email', 'text'],
      ['title', 'text'],
      ['accountId', 'text'],
      ['ownerId', 'text'],
      ['stageId', 'text'],
      ['updatedAt', 'timestamp'],
    ],
    cursor: 'updatedAt',
  },
  users: {
    fields: [
      ['id', 'text'],
      ['name', 'text'],
      ['firstName', 'text'],
      ['lastName', 'text'],
      ['email', 'text'],
      ['updatedAt', 'timestamp'],
    ],
    cursor: 'updatedAt',
  },
  stages: {
    fields: [
      ['id', 'text'],
      ['name', 'text'],
      ['order', 'bigint'],
      ['updatedAt', 'timestamp'],
    ],
    cursor: 'updatedAt',
  },
};

interface Resource {
  id: number | string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data?: { id: number | string } | null }>;
}

const relation = (resource: Resource, name: string) => {
  const id = resource.relationships?.[name]?.data?.id;
  return id === undefined ? null : String(id);
};

/** A JSON:API resource flattened to the table's columns. */
function flatten(table: string, resource: Resource): CrmRow {
  const a = resource.attributes;
  const common = { id: String(resource.id), updatedAt: a.updatedAt };
  if (table === 'users')
    return {
      ...common,
      name: a.name,
      firstName: a.firstName,
      lastName: a.lastName,
      email: a.email,
    };
  if (table === 'stages') return { ...common, name: a.name, order: a.order };
  const owned = { ...common, ownerId: relation(resource, 'owner') };
  if (table === 'accounts')
    return { ...owned, name: a.name, domain: a.domain, industry: a.industry };
  const emails = Array.isArray(a.emails) ? (a.emails as unknown[]) : [];
  return {
    ...owned,
    firstName: a.firstName,
    lastName: a.lastName,
    email: emails[0] ?? null,
    title: a.title,
    accountId: relation(resource, 'account'),
    stageId: relation(resource, 'stage'),
  };
}

/**
 * Outreach's JSON:API over fetch (docs/architecture.md §6, Connections): sorted by
 * `updatedAt`, filtered with `filter[updatedAt]=<after>..inf` on later runs, paged by
 * following `links.next` — only when it points at the configured API, so the token never
 * goes to another host.
 */
export const outreachReader: CrmReader = {
  label: 'Outreach',
  tables: OUTREACH_TABLES,
  async page(settings: ProviderSettings, accessToken, request): Promise<CrmPage> {
    const api = new URL(settings.apiUrl);
    let url: URL;
    if (request.next) {
      url = new URL(request.next);
      if (url.origin !== api.origin)
        throw new ConnectorError('remote', 'Outreach sent a next page on another host.');
    } else {
      url = new URL(`${settings.apiUrl.replace(/\/$/, '')}/api/v2/${request.table}`);
      url.searchParams.set('page[size]', String(PAGE_SIZE));
      url.searchParams.set('sort', 'updatedAt');
      if (request.modifiedAfter)
        url.searchParams.set('filter[updatedAt]', `${request.modifiedAfter}..inf`);
    }
    const page = await outreachGet<{ data: Resource[]; links?: { next?: string } }>(
      url.toString(),
      accessToken,
    );
    return {
      records: page.data.map((resource) => flatten(request.table, resource)),
      next: page.links?.next ?? null,
    };
  },
};
