import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RequestLimit } from '../core/destination.js';

export type Properties = Record<string, string | null>;

export interface HubSpotObject {
  id: string;
  properties: Properties;
  createdAt: string;
  updatedAt: string;
  archived: false;
}

export const hubspotError = (category: string, message: string) => ({
  status: 'error',
  message,
  category,
  correlationId: randomUUID(),
});

type PropertyType = 'string' | 'number' | 'bool' | 'enumeration' | 'date' | 'datetime';

/** A property as the properties API describes it (the fields the fake and the app use). */
interface PropertyDefinition {
  name: string;
  label: string;
  type: PropertyType;
  fieldType: string;
  /** `hasUniqueValue`: a record can be looked up (and upserted) by it. */
  unique?: boolean;
  /** `modificationMetadata.readOnlyValue`: set by HubSpot only. */
  readOnly?: boolean;
  calculated?: boolean;
  /** Made in the portal (not `hubspotDefined`). */
  custom?: boolean;
  options?: string[];
}

const LIFECYCLE_STAGES = [
  'subscriber',
  'lead',
  'marketingqualifiedlead',
  'salesqualifiedlead',
  'opportunity',
  'customer',
  'evangelist',
  'other',
];
const RECORD_ID: PropertyDefinition = {
  name: 'hs_object_id',
  label: 'Record ID',
  type: 'number',
  fieldType: 'number',
  readOnly: true,
};
const PQL: PropertyDefinition = {
  name: 'pql',
  label: 'PQL',
  type: 'bool',
  fieldType: 'booleancheckbox',
  custom: true,
  options: ['true', 'false'],
};
const LIFECYCLE: PropertyDefinition = {
  name: 'lifecyclestage',
  label: 'Lifecycle Stage',
  type: 'enumeration',
  fieldType: 'radio',
  options: LIFECYCLE_STAGES,
};
const OWNER: PropertyDefinition = {
  name: 'hubspot_owner_id',
  label: 'Owner',
  type: 'enumeration',
  fieldType: 'select',
};

/** The sandbox portal's company and contact properties, with the custom ones activations write. */
const PROPERTIES: Record<CrmObjectName, PropertyDefinition[]> = {
  companies: [
    RECORD_ID,
    {
      name: 'hs_lastmodifieddate',
      label: 'Last Modified Date',
      type: 'datetime',
      fieldType: 'date',
      readOnly: true,
    },
    { name: 'name', label: 'Company name', type: 'string', fieldType: 'text' },
    { name: 'domain', label: 'Company Domain Name', type: 'string', fieldType: 'text' },
    { name: 'industry', label: 'Industry', type: 'enumeration', fieldType: 'select' },
    { name: 'annualrevenue', label: 'Annual Revenue', type: 'number', fieldType: 'number' },
    LIFECYCLE,
    OWNER,
    { name: 'description', label: 'Description', type: 'string', fieldType: 'textarea' },
    {
      name: 'num_associated_contacts',
      label: 'Number of Associated Contacts',
      type: 'number',
      fieldType: 'number',
      calculated: true,
    },
    {
      name: 'revlane_account_id',
      label: 'Revlane account ID',
      type: 'string',
      fieldType: 'text',
      unique: true,
      custom: true,
    },
    PQL,
    { name: 'mrr', label: 'MRR', type: 'number', fieldType: 'number', custom: true },
    { name: 'plan', label: 'Plan', type: 'string', fieldType: 'text', custom: true },
    {
      name: 'health_score',
      label: 'Health score',
      type: 'number',
      fieldType: 'number',
      custom: true,
    },
  ],
  contacts: [
    RECORD_ID,
    {
      name: 'lastmodifieddate',
      label: 'Last Modified Date',
      type: 'datetime',
      fieldType: 'date',
      readOnly: true,
    },
    { name: 'firstname', label: 'First Name', type: 'string', fieldType: 'text' },
    { name: 'lastname', label: 'Last Name', type: 'string', fieldType: 'text' },
    { name: 'email', label: 'Email', type: 'string', fieldType: 'text' },
    {
      name: 'associatedcompanyid',
      label: 'Primary Associated Company ID',
      type: 'number',
      fieldType: 'number',
    },
    LIFECYCLE,
    OWNER,
    {
      name: 'hs_email_domain',
      label: 'Email Domain',
      type: 'string',
      fieldType: 'text',
      calculated: true,
    },
    {
      name: 'revlane_user_id',
      label: 'Revlane user ID',
      type: 'string',
      fieldType: 'text',
      unique: true,
      custom: true,
    },
    PQL,
  ],
};

export type CrmObjectName = 'companies' | 'contacts';
export const CRM_OBJECTS: readonly CrmObjectName[] = ['companies', 'contacts'];
export const isCrmObject = (name: string): name is CrmObjectName =>
  (CRM_OBJECTS as readonly string[]).includes(name);

/** What HubSpot calls the object in its errors ("Could not get some COMPANY objects"). */
const OBJECT_TYPE: Record<CrmObjectName, string> = { companies: 'COMPANY', contacts: 'CONTACT' };
const MODIFIED: Record<CrmObjectName, string> = {
  companies: 'hs_lastmodifieddate',
  contacts: 'lastmodifieddate',
};
const DEFINED_AT = '2025-01-06T09:00:00.000Z';

function propertyJson(object: CrmObjectName, p: PropertyDefinition) {
  return {
    name: p.name,
    label: p.label,
    type: p.type,
    fieldType: p.fieldType,
    description: '',
    groupName: object === 'companies' ? 'companyinformation' : 'contactinformation',
    options: (p.options ?? []).map((value, displayOrder) => ({
      label: value,
      value,
      displayOrder,
      hidden: false,
    })),
    displayOrder: -1,
    calculated: p.calculated ?? false,
    externalOptions: false,
    hasUniqueValue: p.unique ?? false,
    hidden: false,
    hubspotDefined: !p.custom,
    formField: !p.readOnly && !p.calculated,
    createdAt: DEFINED_AT,
    updatedAt: DEFINED_AT,
    modificationMetadata: {
      archivable: p.custom ?? false,
      readOnlyDefinition: !p.custom,
      readOnlyValue: (p.readOnly ?? false) || (p.calculated ?? false),
    },
  };
}

/** Why a value is refused, as HubSpot's `Property values were not valid` lists it. */
interface Problem {
  name: string;
  error: string;
  message: string;
}

const NUMBER = /^-?\d+(\.\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const EPOCH_MS = /^\d+$/;

function problemOf(definition: PropertyDefinition | undefined, name: string, value: string) {
  if (!definition)
    return { name, error: 'PROPERTY_DOESNT_EXIST', message: `Property "${name}" does not exist` };
  if (definition.readOnly || definition.calculated)
    return {
      name,
      error: 'READ_ONLY_VALUE',
      message: `${name} is a read only property; its value cannot be set.`,
    };
  // An empty string clears the property, whatever its type.
  if (value === '') return null;
  if (definition.type === 'number' && !NUMBER.test(value))
    return { name, error: 'INVALID_FLOAT', message: `${value} was not a valid number.` };
  if (definition.options && definition.options.length > 0 && !definition.options.includes(value))
    return {
      name,
      error: 'INVALID_OPTION',
      message: `${value} was not one of the allowed options: [${definition.options.join(', ')}]`,
    };
  if (definition.type === 'date' && !DATE.test(value) && !EPOCH_MS.test(value))
    return { name, error: 'INVALID_DATE', message: `${value} is not a valid date.` };
  if (definition.type === 'datetime' && Number.isNaN(Date.parse(value)) && !EPOCH_MS.test(value))
    return { name, error: 'INVALID_DATETIME', message: `${value} is not a valid datetime.` };
  return null;
}

/**
 * One object's records (companies or contacts), indexed by id and by every property a record
 * can be looked up by (the unique ones; a contact's email, which HubSpot keeps lowercase), so
 * a hundred thousand upserts stay fast. Counts the batch writes of each record.
 */
export class FakeCrmObjects {
  private readonly byId = new Map<string, HubSpotObject>();
  /** Lookup property → value → record id. */
  private readonly index = new Map<string, Map<string, string>>();
  /** `property=value` → batch writes of the record it named then (ids and lookup values). */
  private readonly writeCounts = new Map<string, number>();
  private readonly definitions: Map<string, PropertyDefinition>;
  readonly lookups: string[];

  constructor(
    readonly name: CrmObjectName,
    records: HubSpotObject[],
    private nextId: number,
  ) {
    this.definitions = new Map(PROPERTIES[name].map((p) => [p.name, p]));
    this.lookups = [
      ...PROPERTIES[name].filter((p) => p.unique).map((p) => p.name),
      ...(name === 'contacts' ? ['email'] : []),
    ];
    for (const lookup of this.lookups) this.index.set(lookup, new Map());
    for (const record of records) {
      this.byId.set(record.id, record);
      this.indexRecord(record);
    }
  }

  get objectType() {
    return OBJECT_TYPE[this.name];
  }

  propertiesJson() {
    return PROPERTIES[this.name].map((p) => propertyJson(this.name, p));
  }

  rows(): HubSpotObject[] {
    return [...this.byId.values()];
  }

  get(id: string) {
    return this.byId.get(id);
  }

  /** hs_object_id or a lookup property; anything else cannot identify a record. */
  canIdentify(property: string) {
    return property === RECORD_ID.name || this.lookups.includes(property);
  }

  find(property: string, value: string): HubSpotObject | undefined {
    if (property === RECORD_ID.name) return this.byId.get(value);
    const id = this.index.get(property)?.get(normalized(property, value));
    return id === undefined ? undefined : this.byId.get(id);
  }

  /** The values' problems: unknown or read-only properties, bad values, a taken unique value. */
  problems(properties: Properties, self: HubSpotObject | undefined): Problem[] {
    const problems: Problem[] = [];
    for (const [name, value] of Object.entries(properties)) {
      const problem = problemOf(this.definitions.get(name), name, value ?? '');
      if (problem) problems.push(problem);
      else if (value && this.lookups.includes(name)) {
        const holder = this.find(name, value);
        if (holder && holder !== self)
          problems.push({
            name,
            error: 'DUPLICATE_VALUE',
            message: `A ${this.objectType.toLowerCase()} with ${name} "${value}" already exists (id ${holder.id}).`,
          });
      }
    }
    return problems;
  }

  create(properties: Properties): HubSpotObject {
    const id = String(this.nextId++);
    const now = new Date().toISOString();
    const record: HubSpotObject = {
      id,
      properties: { hs_object_id: id },
      createdAt: now,
      updatedAt: now,
      archived: false,
    };
    this.byId.set(id, record);
    this.write(record, properties);
    return record;
  }

  /** Sets the values ('' or null clears one) and stamps the modified date. */
  write(record: HubSpotObject, properties: Properties) {
    this.unindexRecord(record);
    for (const [name, value] of Object.entries(properties))
      record.properties[name] = value === null || value === '' ? null : normalized(name, value);
    const now = new Date().toISOString();
    record.updatedAt = now;
    record.properties[MODIFIED[this.name]] = now;
    this.indexRecord(record);
    this.countWrite(record);
  }

  archive(id: string) {
    const record = this.byId.get(id);
    if (!record) return;
    this.countWrite(record);
    this.unindexRecord(record);
    this.byId.delete(id);
  }

  /** Batch writes (upserts, updates, archives) of the record `property` = `value` named. */
  writesOf(value: string, property = RECORD_ID.name) {
    return this.writeCounts.get(`${property}=${normalized(property, value)}`) ?? 0;
  }

  private countWrite(record: HubSpotObject) {
    for (const property of [RECORD_ID.name, ...this.lookups]) {
      const value = property === RECORD_ID.name ? record.id : record.properties[property];
      if (!value) continue;
      const key = `${property}=${value}`;
      this.writeCounts.set(key, (this.writeCounts.get(key) ?? 0) + 1);
    }
  }

  private indexRecord(record: HubSpotObject) {
    for (const lookup of this.lookups) {
      const value = record.properties[lookup];
      if (value) this.index.get(lookup)!.set(normalized(lookup, value), record.id);
    }
  }

  private unindexRecord(record: HubSpotObject) {
    for (const lookup of this.lookups) {
      const value = record.properties[lookup];
      if (value) this.index.get(lookup)!.delete(normalized(lookup, value));
    }
  }
}

const normalized = (property: string, value: string) =>
  property === 'email' ? value.toLowerCase() : value;

/**
 * HubSpot's rolling request window: a call beyond `requests` within `windowMs` is refused
 * with the seconds until the oldest counted call leaves the window.
 */
export class RollingWindow {
  private readonly calls: number[] = [];
  readonly limit: RequestLimit;

  constructor(limit: RequestLimit) {
    this.limit = { ...limit };
  }

  /** 0 when the call is admitted (and counted), else the seconds to wait. */
  admit(now = Date.now()): number {
    while (this.calls.length > 0 && this.calls[0]! <= now - this.limit.windowMs) this.calls.shift();
    if (this.calls.length < this.limit.requests) {
      this.calls.push(now);
      return 0;
    }
    return Math.max(1, Math.ceil((this.calls[0]! + this.limit.windowMs - now) / 1000));
  }
}

/** HubSpot's batch endpoints take at most 100 inputs. */
const MAX_BATCH = 100;

/** JSON as the client sends it (ids may come as numbers, values as numbers or booleans). */
type Scalar = string | number | boolean | null;
interface BatchBody {
  idProperty?: string;
  inputs?: { id?: string | number; idProperty?: string; properties?: Record<string, Scalar> }[];
  properties?: Scalar[];
}

/** A per-input error of a 207, naming the inputs in `context.ids` as HubSpot does. */
const inputError = (
  category: string,
  message: string,
  ids: string[],
  problems: Problem[] = [],
) => ({
  status: 'error',
  category,
  message,
  context: { ids },
  errors: problems.map((p) => ({
    message: p.message,
    code: p.error,
    context: { propertyName: [p.name] },
  })),
  links: {},
});

const invalidValues = (id: string, problems: Problem[]) =>
  inputError(
    problems.some((p) => p.error === 'DUPLICATE_VALUE') ? 'CONFLICT' : 'VALIDATION_ERROR',
    `Property values were not valid: ${JSON.stringify(
      problems.map((p) => ({ isValid: false, message: p.message, error: p.error, name: p.name })),
    )}`,
    [id],
    problems,
  );

const textOf = (properties: Record<string, Scalar> | undefined): Properties =>
  Object.fromEntries(
    Object.entries(properties ?? {}).map(([k, v]) => [k, v === null ? null : String(v)]),
  );

/** The written properties, the id and the property the input was matched by. */
function resultOf(record: HubSpotObject, shown: Iterable<string>) {
  const properties: Properties = { hs_object_id: record.id };
  for (const name of shown) properties[name] = record.properties[name] ?? null;
  return {
    id: record.id,
    properties,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    archived: false,
  };
}

/**
 * The CRM's properties API and batch endpoints for companies and contacts, as HubSpot answers
 * them: at most 100 inputs (more, a duplicate id or a property that cannot identify is a 400
 * `VALIDATION_ERROR` for the whole call); partial success is a 207 whose `errors` name their
 * inputs in `context.ids` (unknown ids `OBJECT_NOT_FOUND`, refused values `VALIDATION_ERROR`).
 * `guard` answers unauthenticated and rate-limited calls; `afterWrite` runs between a write
 * and its answer (a slow provider: a crash there leaves records written but unanswered).
 */
export function crmBatchRoutes(
  app: FastifyInstance,
  stores: Record<CrmObjectName, FakeCrmObjects>,
  guard: (authorization: string | undefined, reply: FastifyReply) => boolean,
  afterWrite: () => Promise<unknown> = () => Promise.resolve(),
) {
  const storeOf = (object: string, reply: FastifyReply) => {
    if (isCrmObject(object)) return stores[object];
    void reply
      .code(400)
      .send(hubspotError('VALIDATION_ERROR', `Unable to infer object type from: ${object}`));
    return null;
  };
  const refuse = (reply: FastifyReply, message: string) =>
    reply.code(400).send(hubspotError('VALIDATION_ERROR', message));
  const answer = (reply: FastifyReply, results: unknown[], errors: unknown[]) => {
    const now = new Date().toISOString();
    return reply.code(errors.length > 0 ? 207 : 200).send({
      status: 'COMPLETE',
      results,
      ...(errors.length > 0 ? { numErrors: errors.length, errors } : {}),
      startedAt: now,
      completedAt: now,
    });
  };
  /** The whole call's refusal (too many inputs, a repeated id, an id property that cannot identify). */
  const refusalOf = (store: FakeCrmObjects, body: BatchBody, idProperty: (i: number) => string) => {
    const inputs = body.inputs ?? [];
    if (inputs.length > MAX_BATCH)
      return `Batch input is limited to ${MAX_BATCH} inputs; got ${inputs.length}.`;
    const ids = inputs.map((input) => String(input.id ?? ''));
    const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
    if (repeated !== undefined) return `Duplicate IDs found in batch input: [${repeated}].`;
    const unusable = inputs.map((_, i) => idProperty(i)).find((p) => !store.canIdentify(p));
    if (unusable !== undefined)
      return `${unusable} is not a unique property of ${store.name}: it cannot identify a record.`;
    return null;
  };

  app.get('/crm/v3/properties/:object', async (request, reply) => {
    if (guard(request.headers.authorization, reply)) return reply;
    const store = storeOf((request.params as { object: string }).object, reply);
    if (!store) return reply;
    return { results: store.propertiesJson() };
  });

  app.post('/crm/v3/objects/:object/batch/upsert', async (request, reply) => {
    if (guard(request.headers.authorization, reply)) return reply;
    const store = storeOf((request.params as { object: string }).object, reply);
    if (!store) return reply;
    const body = (request.body ?? {}) as BatchBody;
    const inputs = body.inputs ?? [];
    // Upsert looks records up by a unique property: the record id cannot create one.
    const refused = refusalOf(store, body, (i) => {
      const property = String(inputs[i]!.idProperty ?? '');
      return property === 'hs_object_id' ? '' : property;
    });
    if (refused) return refuse(reply, refused);
    const results: unknown[] = [];
    const errors: unknown[] = [];
    for (const input of inputs) {
      const id = String(input.id);
      const idProperty = String(input.idProperty);
      const properties = textOf(input.properties);
      const existing = store.find(idProperty, id);
      const problems = store.problems({ ...properties, [idProperty]: id }, existing);
      if (problems.length > 0) {
        errors.push(invalidValues(id, problems));
        continue;
      }
      let record = existing;
      if (record) store.write(record, properties);
      else record = store.create({ ...properties, [idProperty]: id });
      results.push({
        ...resultOf(record, [idProperty, ...Object.keys(properties)]),
        new: !existing,
      });
    }
    await afterWrite();
    return answer(reply, results, errors);
  });

  app.post('/crm/v3/objects/:object/batch/update', async (request, reply) => {
    if (guard(request.headers.authorization, reply)) return reply;
    const store = storeOf((request.params as { object: string }).object, reply);
    if (!store) return reply;
    const body = (request.body ?? {}) as BatchBody;
    const inputs = body.inputs ?? [];
    const idPropertyOf = (i: number) => String(inputs[i]!.idProperty ?? 'hs_object_id');
    const refused = refusalOf(store, body, idPropertyOf);
    if (refused) return refuse(reply, refused);
    const results: unknown[] = [];
    const errors: unknown[] = [];
    const missing: string[] = [];
    inputs.forEach((input, i) => {
      const id = String(input.id);
      const idProperty = idPropertyOf(i);
      const record = store.find(idProperty, id);
      if (!record) return missing.push(id);
      const properties = textOf(input.properties);
      const problems = store.problems(properties, record);
      if (problems.length > 0) return errors.push(invalidValues(id, problems));
      store.write(record, properties);
      return results.push(resultOf(record, [idProperty, ...Object.keys(properties)]));
    });
    if (missing.length > 0)
      errors.push(
        inputError(
          'OBJECT_NOT_FOUND',
          `Could not get some ${store.objectType} objects, they may be deleted or not exist. Check that ids are valid.`,
          missing,
        ),
      );
    await afterWrite();
    return answer(reply, results, errors);
  });

  app.post('/crm/v3/objects/:object/batch/read', async (request, reply) => {
    if (guard(request.headers.authorization, reply)) return reply;
    const store = storeOf((request.params as { object: string }).object, reply);
    if (!store) return reply;
    const body = (request.body ?? {}) as BatchBody;
    const idProperty = String(body.idProperty ?? 'hs_object_id');
    const refused = refusalOf(store, body, () => idProperty);
    if (refused) return refuse(reply, refused);
    const wanted = Array.isArray(body.properties) ? body.properties.map(String) : [];
    const results: unknown[] = [];
    const missing: string[] = [];
    for (const input of body.inputs ?? []) {
      const record = store.find(idProperty, String(input.id));
      if (record) results.push(resultOf(record, wanted));
      else missing.push(String(input.id));
    }
    const errors =
      missing.length > 0
        ? [
            inputError(
              'OBJECT_NOT_FOUND',
              `Could not get some ${store.objectType} objects, they may be deleted or not exist. Check that ids are valid.`,
              missing,
            ),
          ]
        : [];
    return answer(reply, results, errors);
  });

  app.post('/crm/v3/objects/:object/batch/archive', async (request, reply) => {
    if (guard(request.headers.authorization, reply)) return reply;
    const store = storeOf((request.params as { object: string }).object, reply);
    if (!store) return reply;
    const body = (request.body ?? {}) as BatchBody;
    const refused = refusalOf(store, body, () => 'hs_object_id');
    if (refused) return refuse(reply, refused);
    // Archiving an id that does not exist is not an error at HubSpot either.
    for (const input of body.inputs ?? []) store.archive(String(input.id));
    await afterWrite();
    return reply.code(204).send();
  });
}
