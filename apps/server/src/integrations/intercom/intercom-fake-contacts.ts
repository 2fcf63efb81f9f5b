import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const errorList = (code: string, message: string) => ({
  type: 'error.list',
  request_id: randomUUID(),
  errors: [{ code, message }],
});

type DataType = 'string' | 'integer' | 'float' | 'boolean' | 'date';

/** A contact as the fake keeps it (Intercom's shape; `companies` only on seeded contacts). */
export interface FakeContact {
  type: 'contact';
  id: string;
  workspace_id: string;
  role: string;
  external_id: string | null;
  email: string | null;
  name: string | null;
  phone: string | null;
  owner_id: number | null;
  unsubscribed_from_emails: boolean;
  signed_up_at: number | null;
  last_seen_at: number | null;
  created_at: number;
  updated_at: number;
  custom_attributes: Record<string, unknown>;
  companies?: unknown;
}

export const newContact = (id: string, at: number): FakeContact => ({
  type: 'contact',
  id,
  workspace_id: 'sbx',
  role: 'user',
  external_id: null,
  email: null,
  name: null,
  phone: null,
  owner_id: null,
  unsubscribed_from_emails: false,
  signed_up_at: null,
  last_seen_at: null,
  created_at: at,
  updated_at: at,
  custom_attributes: {},
});

interface Attribute {
  name: string;
  label: string;
  data_type: DataType;
  api_writable: boolean;
  custom: boolean;
}

const standard = (name: string, label: string, type: DataType, writable = true): Attribute => ({
  name,
  label,
  data_type: type,
  api_writable: writable,
  custom: false,
});
const custom = (name: string, label: string, type: DataType): Attribute => ({
  name,
  label,
  data_type: type,
  api_writable: true,
  custom: true,
});

/** The workspace's contact attributes: Intercom's standard ones, then the sandbox's custom ones. */
const CONTACT_ATTRIBUTES: Attribute[] = [
  standard('id', 'ID', 'string', false),
  standard('external_id', 'User ID', 'string'),
  standard('email', 'Email', 'string'),
  standard('name', 'Name', 'string'),
  standard('phone', 'Phone', 'string'),
  standard('role', 'Role', 'string', false),
  standard('owner_id', 'Owner', 'integer'),
  standard('unsubscribed_from_emails', 'Unsubscribed from emails', 'boolean'),
  standard('signed_up_at', 'Signed up', 'date'),
  standard('last_seen_at', 'Last seen', 'date'),
  standard('created_at', 'Created', 'date', false),
  standard('updated_at', 'Last updated', 'date', false),
  custom('pql', 'PQL', 'boolean'),
  custom('mrr', 'MRR', 'float'),
  custom('plan', 'Plan', 'string'),
  custom('health_score', 'Health score', 'integer'),
];
const STANDARD_WRITABLE = new Map(
  CONTACT_ATTRIBUTES.filter((a) => !a.custom && a.api_writable).map((a) => [a.name, a]),
);
const CUSTOM = new Map(CONTACT_ATTRIBUTES.filter((a) => a.custom).map((a) => [a.name, a]));

const attributeJson = (a: Attribute, index: number) => ({
  type: 'data_attribute',
  id: a.custom ? 7_000 + index : undefined,
  model: 'contact',
  name: a.name,
  full_name: a.custom ? `custom_attributes.${a.name}` : a.name,
  label: a.label,
  description: '',
  data_type: a.data_type,
  api_writable: a.api_writable,
  ui_writable: a.api_writable,
  messenger_writable: false,
  custom: a.custom,
  archived: false,
});

const LOOKUPS = ['id', 'email', 'external_id'] as const;
type Lookup = (typeof LOOKUPS)[number];
export const isLookup = (field: string | undefined): field is Lookup =>
  (LOOKUPS as readonly (string | undefined)[]).includes(field);

export interface SearchQuery {
  field?: string;
  operator?: string;
  value?: number | string;
}

/** A value's fit for an attribute's type (null clears, whatever the type). */
function fits(type: DataType, value: unknown) {
  if (value === null) return true;
  if (type === 'string') return typeof value === 'string';
  if (type === 'boolean') return typeof value === 'boolean';
  if (type === 'float') return typeof value === 'number' && Number.isFinite(value);
  return typeof value === 'number' && Number.isInteger(value);
}

/**
 * The workspace's contacts, by id and by email (lowercase) and external id, with each
 * contact's write count (creates, updates, deletes) for tests.
 */
export class FakeContacts {
  private readonly byId = new Map<string, FakeContact>();
  private readonly byEmail = new Map<string, string>();
  private readonly byExternalId = new Map<string, string>();
  private readonly writeCounts = new Map<string, number>();
  private created = 0;

  constructor(contacts: FakeContact[]) {
    for (const contact of contacts) {
      this.byId.set(contact.id, contact);
      this.index(contact);
    }
  }

  rows() {
    return [...this.byId.values()];
  }

  find(field: Lookup, value: string): FakeContact | undefined {
    const id =
      field === 'id'
        ? value
        : field === 'email'
          ? this.byEmail.get(value.toLowerCase())
          : this.byExternalId.get(value);
    return id === undefined ? undefined : this.byId.get(id);
  }

  /** Writes of the contact whose `field` was `value` then. */
  writesOf(value: string, field: Lookup = 'id') {
    return this.writeCounts.get(`${field}=${field === 'email' ? value.toLowerCase() : value}`) ?? 0;
  }

  /** What is wrong with a create or update body (Intercom's code and words), else null. */
  problem(body: Record<string, unknown>, self: FakeContact | undefined) {
    for (const [name, value] of Object.entries(body)) {
      const attribute = STANDARD_WRITABLE.get(name);
      if (attribute && !fits(attribute.data_type, value))
        return { code: 'parameter_invalid', message: `${name} must be a ${attribute.data_type}` };
    }
    const customs = body.custom_attributes;
    if (customs !== undefined && (typeof customs !== 'object' || customs === null))
      return { code: 'parameter_invalid', message: 'custom_attributes must be an object' };
    for (const [name, value] of Object.entries((customs ?? {}) as Record<string, unknown>)) {
      const attribute = CUSTOM.get(name);
      if (!attribute)
        return {
          code: 'parameter_not_found',
          message: `Custom attribute '${name}' does not exist`,
        };
      if (!fits(attribute.data_type, value))
        return {
          code: 'parameter_invalid',
          message: `Custom attribute '${name}' expected a ${attribute.data_type}`,
        };
    }
    for (const field of ['email', 'external_id'] as const) {
      const value = body[field];
      const holder = typeof value === 'string' && value ? this.find(field, value) : undefined;
      if (holder && holder !== self)
        return {
          code: 'conflict',
          message: `A contact matching those details already exists with id=${holder.id}`,
        };
    }
    return null;
  }

  create(body: Record<string, unknown>): FakeContact {
    this.created += 1;
    const now = Math.floor(Date.now() / 1000);
    const contact = newContact(`6c3e${String(this.created).padStart(8, '0')}`, now);
    contact.role = typeof body.role === 'string' ? body.role : 'user';
    this.byId.set(contact.id, contact);
    this.write(contact, body);
    return contact;
  }

  /** Standard fields and custom attributes as given (null clears one). */
  write(contact: FakeContact, body: Record<string, unknown>) {
    this.unindex(contact);
    const target = contact as unknown as Record<string, unknown>;
    for (const [name, value] of Object.entries(body))
      if (STANDARD_WRITABLE.has(name))
        target[name] = name === 'email' && typeof value === 'string' ? value.toLowerCase() : value;
    for (const [name, value] of Object.entries(
      (body.custom_attributes ?? {}) as Record<string, unknown>,
    ))
      if (value === null) delete contact.custom_attributes[name];
      else contact.custom_attributes[name] = value;
    contact.updated_at = Math.floor(Date.now() / 1000);
    this.index(contact);
    this.count(contact);
  }

  remove(contact: FakeContact) {
    this.count(contact);
    this.unindex(contact);
    this.byId.delete(contact.id);
  }

  private count(contact: FakeContact) {
    for (const field of LOOKUPS) {
      const value = contact[field];
      if (!value) continue;
      const key = `${field}=${value}`;
      this.writeCounts.set(key, (this.writeCounts.get(key) ?? 0) + 1);
    }
  }

  private index(contact: FakeContact) {
    if (contact.email) this.byEmail.set(contact.email.toLowerCase(), contact.id);
    if (contact.external_id) this.byExternalId.set(contact.external_id, contact.id);
  }

  private unindex(contact: FakeContact) {
    if (contact.email) this.byEmail.delete(contact.email.toLowerCase());
    if (contact.external_id) this.byExternalId.delete(contact.external_id);
  }
}

/**
 * Intercom's contact attributes and writes, as its API answers them: `GET /data_attributes`
 * (model contact), `POST /contacts` (a user needs an email or an external id), `GET`, `PUT`
 * and `DELETE /contacts/{id}` (404 `not_found` for an unknown id), standard fields at the top and
 * `custom_attributes` checked against their types (400 `parameter_invalid`), a taken email or
 * external id a 409 `conflict`. `guard` answers unauthenticated and throttled calls.
 */
export function contactWriteRoutes(
  app: FastifyInstance,
  contacts: FakeContacts,
  guard: (request: FastifyRequest, reply: FastifyReply) => boolean,
) {
  const notFound = (reply: FastifyReply) =>
    reply.code(404).send(errorList('not_found', 'User Not Found'));
  app.get('/data_attributes', async (request, reply) => {
    if (guard(request, reply)) return reply;
    const { model } = request.query as { model?: string };
    return {
      type: 'list',
      data: model === 'company' ? [] : CONTACT_ATTRIBUTES.map(attributeJson),
    };
  });
  app.post('/contacts', async (request, reply) => {
    if (guard(request, reply)) return reply;
    const body = (request.body ?? {}) as Record<string, unknown>;
    if ((body.role ?? 'user') === 'user' && !body.email && !body.external_id)
      return reply
        .code(400)
        .send(errorList('parameter_invalid', 'An email or external_id is required for a user'));
    const problem = contacts.problem(body, undefined);
    if (problem)
      return reply
        .code(problem.code === 'conflict' ? 409 : 400)
        .send(errorList(problem.code, problem.message));
    return contacts.create(body);
  });
  app.get('/contacts/:id', async (request, reply) => {
    if (guard(request, reply)) return reply;
    return contacts.find('id', (request.params as { id: string }).id) ?? notFound(reply);
  });
  app.put('/contacts/:id', async (request, reply) => {
    if (guard(request, reply)) return reply;
    const contact = contacts.find('id', (request.params as { id: string }).id);
    if (!contact) return notFound(reply);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const problem = contacts.problem(body, contact);
    if (problem)
      return reply
        .code(problem.code === 'conflict' ? 409 : 400)
        .send(errorList(problem.code, problem.message));
    contacts.write(contact, body);
    return contact;
  });
  app.delete('/contacts/:id', async (request, reply) => {
    if (guard(request, reply)) return reply;
    const contact = contacts.find('id', (request.params as { id: string }).id);
    if (!contact) return notFound(reply);
    contacts.remove(contact);
    return { id: contact.id, external_id: contact.external_id, type: 'contact', deleted: true };
  });
}
