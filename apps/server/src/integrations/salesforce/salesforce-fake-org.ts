import { crmDataset } from '../core/crm-dataset.js';

export const SALESFORCE_API_VERSION = '59.0';

export type Row = Record<string, unknown>;

/** A field as Salesforce's describe answers it (the attributes activations read). */
export interface SalesforceFieldDescribe {
  name: string;
  label: string;
  type: string;
  length: number;
  precision: number;
  scale: number;
  externalId: boolean;
  idLookup: boolean;
  unique: boolean;
  createable: boolean;
  updateable: boolean;
  nillable: boolean;
  defaultedOnCreate: boolean;
  custom: boolean;
  filterable: boolean;
  referenceTo: string[];
}

export interface SalesforceObjectDescribe {
  name: string;
  label: string;
  labelPlural: string;
  keyPrefix: string;
  custom: boolean;
  createable: boolean;
  updateable: boolean;
  deletable: boolean;
  queryable: boolean;
  fields: SalesforceFieldDescribe[];
}

/** One record's error, as Salesforce's sObject Collections and Bulk API answer it. */
export interface SaveError {
  statusCode: string;
  message: string;
  fields: string[];
}

export interface SaveResult {
  id?: string;
  success: boolean;
  errors: SaveError[];
  created?: boolean;
}

type FieldSpec = Pick<SalesforceFieldDescribe, 'name' | 'label' | 'type'> &
  Partial<SalesforceFieldDescribe>;

const NUMERIC = new Set(['double', 'currency', 'percent', 'int']);
const TEXT_LENGTH: Record<string, number> = { email: 80, textarea: 32_000, id: 18, reference: 18 };

function describeField(spec: FieldSpec): SalesforceFieldDescribe {
  const system = spec.type === 'id' || spec.name === 'LastModifiedDate';
  const numeric = NUMERIC.has(spec.type);
  return {
    length: numeric || spec.type === 'boolean' ? 0 : (TEXT_LENGTH[spec.type] ?? 255),
    precision: numeric ? 18 : 0,
    scale: 0,
    externalId: false,
    idLookup: spec.type === 'id',
    unique: false,
    createable: !system,
    updateable: !system,
    // A checkbox is never null in Salesforce: cleared, it is false.
    nillable: !system && spec.type !== 'boolean',
    defaultedOnCreate: system || spec.type === 'boolean',
    custom: spec.name.endsWith('__c'),
    filterable: spec.type !== 'textarea',
    referenceTo: [],
    ...spec,
  };
}

const ID: FieldSpec = { name: 'Id', label: 'Record ID', type: 'id' };
const MODIFIED: FieldSpec = {
  name: 'LastModifiedDate',
  label: 'Last Modified Date',
  type: 'datetime',
};
const OWNER: FieldSpec = {
  name: 'OwnerId',
  label: 'Owner ID',
  type: 'reference',
  referenceTo: ['User'],
  nillable: false,
  defaultedOnCreate: true,
};
const required = { nillable: false } as const;
const PQL: FieldSpec = { name: 'PQL__c', label: 'PQL', type: 'boolean' };
/** Revlane's key on people: an external id, so upserts match on it (ADR 0033). */
const USER_KEY: FieldSpec = {
  name: 'Revlane_User_Id__c',
  label: 'Revlane User ID',
  type: 'string',
  externalId: true,
  unique: true,
  idLookup: true,
};
const EMAIL: FieldSpec = { name: 'Email', label: 'Email', type: 'email', idLookup: true };

interface ObjectSpec {
  label: string;
  labelPlural: string;
  keyPrefix: string;
  writable: boolean;
  fields: FieldSpec[];
}

/**
 * The sandbox org's sObjects: Salesforce's standard fields the sandbox holds, and the custom
 * fields an activation writes (ADR 0033): Revlane's account and user keys as external ids,
 * PQL, MRR, plan and health score.
 */
const OBJECTS: Record<string, ObjectSpec> = {
  Account: {
    label: 'Account',
    labelPlural: 'Accounts',
    keyPrefix: '001',
    writable: true,
    fields: [
      ID,
      { name: 'Name', label: 'Account Name', type: 'string', idLookup: true, ...required },
      { name: 'Website', label: 'Website', type: 'url' },
      { name: 'Industry', label: 'Industry', type: 'picklist', length: 40 },
      { name: 'Type', label: 'Account Type', type: 'picklist', length: 40 },
      { name: 'AnnualRevenue', label: 'Annual Revenue', type: 'currency' },
      OWNER,
      { name: 'Description', label: 'Account Description', type: 'textarea' },
      MODIFIED,
      {
        name: 'Revlane_Account_Id__c',
        label: 'Revlane Account ID',
        type: 'string',
        externalId: true,
        unique: true,
        idLookup: true,
      },
      PQL,
      { name: 'MRR__c', label: 'MRR', type: 'currency', scale: 2 },
      { name: 'Plan__c', label: 'Plan', type: 'string', length: 80 },
      { name: 'Health_Score__c', label: 'Health Score', type: 'double', precision: 5, scale: 2 },
    ],
  },
  Contact: {
    label: 'Contact',
    labelPlural: 'Contacts',
    keyPrefix: '003',
    writable: true,
    fields: [
      ID,
      { name: 'AccountId', label: 'Account ID', type: 'reference', referenceTo: ['Account'] },
      { name: 'FirstName', label: 'First Name', type: 'string', length: 40 },
      { name: 'LastName', label: 'Last Name', type: 'string', length: 80, ...required },
      EMAIL,
      OWNER,
      MODIFIED,
      USER_KEY,
      PQL,
    ],
  },
  Lead: {
    label: 'Lead',
    labelPlural: 'Leads',
    keyPrefix: '00Q',
    writable: true,
    fields: [
      ID,
      { name: 'FirstName', label: 'First Name', type: 'string', length: 40 },
      { name: 'LastName', label: 'Last Name', type: 'string', length: 80, ...required },
      EMAIL,
      { name: 'Company', label: 'Company', type: 'string', ...required },
      {
        name: 'Status',
        label: 'Lead Status',
        type: 'picklist',
        length: 40,
        nillable: false,
        defaultedOnCreate: true,
      },
      OWNER,
      MODIFIED,
      USER_KEY,
      PQL,
    ],
  },
  Opportunity: {
    label: 'Opportunity',
    labelPlural: 'Opportunities',
    keyPrefix: '006',
    writable: true,
    fields: [
      ID,
      { name: 'AccountId', label: 'Account ID', type: 'reference', referenceTo: ['Account'] },
      { name: 'Name', label: 'Name', type: 'string', length: 120, ...required },
      { name: 'StageName', label: 'Stage', type: 'picklist', length: 40, ...required },
      { name: 'Amount', label: 'Amount', type: 'currency', scale: 2 },
      { name: 'CloseDate', label: 'Close Date', type: 'date', ...required },
      OWNER,
      MODIFIED,
    ],
  },
  // A custom object, as an org's own objects are listed beside the standard ones.
  Workspace__c: {
    label: 'Workspace',
    labelPlural: 'Workspaces',
    keyPrefix: 'a0W',
    writable: true,
    fields: [
      ID,
      { name: 'Name', label: 'Workspace Name', type: 'string', length: 80, ...required },
      {
        name: 'Revlane_Workspace_Id__c',
        label: 'Revlane Workspace ID',
        type: 'string',
        externalId: true,
        unique: true,
        idLookup: true,
      },
      { name: 'Account__c', label: 'Account', type: 'reference', referenceTo: ['Account'] },
      { name: 'Seats__c', label: 'Seats', type: 'double' },
      MODIFIED,
    ],
  },
  User: {
    label: 'User',
    labelPlural: 'Users',
    keyPrefix: '005',
    writable: false,
    fields: [
      ID,
      { name: 'Name', label: 'Full Name', type: 'string', createable: false, updateable: false },
      { name: 'Email', label: 'Email', type: 'email' },
      MODIFIED,
    ],
  },
  Organization: {
    label: 'Organization',
    labelPlural: 'Organizations',
    keyPrefix: '00D',
    writable: false,
    fields: [ID, { name: 'Name', label: 'Name', type: 'string' }, MODIFIED],
  },
};

const LEAD_STATUSES = ['Open - Not Contacted', 'Working - Contacted', 'Closed - Converted'];
const DEFAULT_OWNER = '005SBX000001';

/** The sandbox's seeded records as Salesforce names their fields. */
function seededRecords(): Record<string, Row[]> {
  const data = crmDataset({
    account: '001SBX',
    contact: '003SBX',
    deal: '006SBX',
    owner: '005SBX',
  });
  const customers = new Set(
    data.deals.filter((d) => d.stage === 'Closed Won').map((d) => d.accountId),
  );
  const ownerOf = new Map(data.accounts.map((a) => [a.id, a.ownerId]));
  const nameOf = new Map(data.accounts.map((a) => [a.id, a.name]));
  return {
    User: data.owners.map((o) => ({
      Id: o.id,
      Name: o.name,
      Email: o.email,
      LastModifiedDate: o.modifiedAt,
    })),
    Account: data.accounts.map((a) => ({
      Id: a.id,
      Name: a.name,
      Website: `https://www.${a.domain}`,
      Industry: a.industry,
      // The account's lifecycle: a customer once one of its opportunities is won.
      Type: customers.has(a.id) ? 'Customer - Direct' : 'Prospect',
      AnnualRevenue: a.arr,
      OwnerId: a.ownerId,
      Description: 'Sandbox',
      LastModifiedDate: a.modifiedAt,
      PQL__c: false,
    })),
    Contact: data.contacts.map((c) => ({
      Id: c.id,
      AccountId: c.accountId,
      FirstName: c.firstName,
      LastName: c.lastName,
      Email: c.email,
      // A contact is owned by its account's owner, as Salesforce's default assignment does.
      OwnerId: ownerOf.get(c.accountId) ?? null,
      LastModifiedDate: c.modifiedAt,
      PQL__c: false,
    })),
    Opportunity: data.deals.map((d) => ({
      Id: d.id,
      AccountId: d.accountId,
      Name: d.name,
      StageName: d.stage,
      Amount: d.amount,
      CloseDate: d.closeDate,
      OwnerId: d.ownerId,
      LastModifiedDate: d.modifiedAt,
    })),
    // Leads: people not yet tied to an account, one for every fourth sandbox contact.
    Lead: data.contacts
      .filter((_c, i) => i % 4 === 0)
      .map((c, i) => ({
        Id: `00QSBX${String(i + 1).padStart(6, '0')}`,
        FirstName: c.firstName,
        LastName: c.lastName,
        Email: c.email.replace('@', '+lead@'),
        Company: nameOf.get(c.accountId) ?? null,
        Status: LEAD_STATUSES[i % LEAD_STATUSES.length],
        OwnerId: data.owners[i % data.owners.length]!.id,
        LastModifiedDate: c.modifiedAt,
        PQL__c: false,
      })),
    Organization: [
      {
        Id: '00DSBX000001',
        Name: 'Revlane Sandbox (Salesforce)',
        LastModifiedDate: data.owners[0]!.modifiedAt,
      },
    ],
    Workspace__c: [],
  };
}

/** A scalar request value as text ('' for anything else). */
export const textOf = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : '';

const failure = (statusCode: string, message: string, fields: string[] = []): SaveError => ({
  statusCode,
  message,
  fields,
});

/** The sandbox's ids: its seeded ones are 12 characters, Salesforce's 15 or 18. */
const ID_SHAPE = /^[A-Za-z0-9]{12,18}$/;
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;
/** An indexed value: external ids and emails match whatever their case, as in Salesforce. */
const indexKey = (value: unknown) => String(value).toLowerCase();

/**
 * A value for a field, as Salesforce takes it: numbers as JSON numbers or their text (the
 * text is kept, so a decimal stays exact), checkboxes as true/false, ids by their shape.
 */
function coerce(field: SalesforceFieldDescribe, value: unknown): { value: unknown } | SaveError {
  if (value === null || value === undefined)
    return { value: field.type === 'boolean' ? false : null };
  const text = typeof value === 'object' ? JSON.stringify(value) : textOf(value);
  const wrongType = failure(
    'INVALID_TYPE_ON_FIELD_IN_RECORD',
    `${field.label}: value not of required type: ${text}`,
    [field.name],
  );
  if (typeof value === 'object') return wrongType;
  switch (field.type) {
    case 'boolean':
      if (typeof value === 'boolean') return { value };
      return /^(true|false)$/i.test(text) ? { value: text.toLowerCase() === 'true' } : wrongType;
    case 'double':
    case 'currency':
    case 'percent':
    case 'int': {
      if (typeof value === 'boolean' || !DECIMAL.test(text)) return wrongType;
      const digits = text.replace(/^[+-]/, '').split('.')[0]!.replace(/^0+/, '').length;
      if (digits > field.precision - field.scale)
        return failure(
          'NUMBER_OUTSIDE_VALID_RANGE',
          `${field.label}: value outside of valid range on numeric field: ${text}`,
          [field.name],
        );
      return { value: text };
    }
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(text) && Number.isFinite(Date.parse(text))
        ? { value: text }
        : wrongType;
    case 'datetime':
      return Number.isFinite(Date.parse(text)) ? { value: text } : wrongType;
    case 'reference':
      return ID_SHAPE.test(text)
        ? { value: text }
        : failure('MALFORMED_ID', `${field.label}: id value of incorrect type: ${text}`, [
            field.name,
          ]);
    case 'email':
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(text))
        return failure('INVALID_EMAIL_ADDRESS', `${field.label}: invalid email address: ${text}`, [
          field.name,
        ]);
      break;
  }
  if (text.length > field.length)
    return failure(
      'STRING_TOO_LONG',
      `${field.label}: data value too large: ${text} (max length=${field.length})`,
      [field.name],
    );
  return { value: text };
}

const isError = (value: { value: unknown } | SaveError): value is SaveError =>
  'statusCode' in value;

/**
 * One sObject's records, indexed by Id and by every external id and id-lookup field (Maps, so
 * a 10,000-record Bulk job is a few milliseconds), with the recycle bin deleted records go
 * to and how many times each record was written.
 */
export class SObjectTable {
  readonly rows = new Map<string, Row>();
  private readonly recycled = new Map<string, Row>();
  private readonly fieldsByName = new Map<string, SalesforceFieldDescribe>();
  /** Field → lower-cased value → the ids holding it. */
  private readonly indexes = new Map<string, Map<string, Set<string>>>();
  private readonly writesById = new Map<string, number>();
  private readonly writesByKey = new Map<string, number>();
  private created = 0;
  private readonly externalIds: string[];
  private readonly required: string[];

  constructor(
    readonly describe: SalesforceObjectDescribe,
    seed: Row[],
  ) {
    this.externalIds = describe.fields.filter((f) => f.externalId).map((f) => f.name);
    this.required = describe.fields
      .filter((f) => !f.nillable && f.createable && !f.defaultedOnCreate)
      .map((f) => f.name);
    for (const field of describe.fields) {
      this.fieldsByName.set(field.name.toLowerCase(), field);
      if ((field.externalId || field.idLookup) && field.type !== 'id')
        this.indexes.set(field.name, new Map());
    }
    for (const row of seed) this.put(row);
  }

  get name() {
    return this.describe.name;
  }

  /** A field by name, whatever its case (Salesforce's names are case-insensitive). */
  field(name: string) {
    return this.fieldsByName.get(name.toLowerCase());
  }

  /** The live records whose `field` holds `value` (an index when there is one). */
  find(field: SalesforceFieldDescribe, value: string): Row[] {
    if (field.type === 'id') {
      const row = this.rows.get(value);
      return row ? [row] : [];
    }
    const index = this.indexes.get(field.name);
    if (index) return [...(index.get(indexKey(value)) ?? [])].map((id) => this.rows.get(id)!);
    const wanted = value.toLowerCase();
    return [...this.rows.values()].filter(
      (row) => row[field.name] !== null && indexKey(row[field.name]) === wanted,
    );
  }

  /** How many times the record with this Id or external id value was written. */
  writesOf(key: string) {
    return this.writesById.get(key) ?? this.writesByKey.get(indexKey(key)) ?? 0;
  }

  private put(row: Row) {
    this.rows.set(String(row.Id), row);
    for (const [name, index] of this.indexes) {
      if (row[name] === null || row[name] === undefined) continue;
      const key = indexKey(row[name]);
      const ids = index.get(key) ?? new Set<string>();
      index.set(key, ids.add(String(row.Id)));
    }
  }

  private unindex(row: Row) {
    for (const [name, index] of this.indexes)
      if (row[name] !== null && row[name] !== undefined)
        index.get(indexKey(row[name]))?.delete(String(row.Id));
  }

  private written(row: Row) {
    const id = String(row.Id);
    this.writesById.set(id, (this.writesById.get(id) ?? 0) + 1);
    for (const name of this.externalIds)
      if (row[name] !== null && row[name] !== undefined) {
        const key = indexKey(row[name]);
        this.writesByKey.set(key, (this.writesByKey.get(key) ?? 0) + 1);
      }
  }

  /** Checks and converts a record's values for a create or an update of `id`. */
  private checked(values: Row, mode: 'create' | 'update', id?: string): Row | SaveError[] {
    const errors: SaveError[] = [];
    const row: Row = {};
    for (const [name, value] of Object.entries(values)) {
      if (name === 'attributes' || (mode === 'update' && name.toLowerCase() === 'id')) continue;
      const field = this.field(name);
      if (!field) {
        errors.push(
          failure('INVALID_FIELD', `No such column '${name}' on sobject of type ${this.name}`),
        );
        continue;
      }
      if (mode === 'create' ? !field.createable : !field.updateable) {
        errors.push(
          failure(
            'INVALID_FIELD_FOR_INSERT_UPDATE',
            `Unable to ${mode} fields: ${field.name}. Please check the security settings of this field and verify that it is read/write for your profile or permission set.`,
            [field.name],
          ),
        );
        continue;
      }
      const coerced = coerce(field, value);
      if (isError(coerced)) {
        errors.push(coerced);
        continue;
      }
      if (coerced.value === null && !field.nillable) {
        errors.push(
          failure('REQUIRED_FIELD_MISSING', `Required fields are missing: [${field.name}]`, [
            field.name,
          ]),
        );
        continue;
      }
      if (field.unique && coerced.value !== null) {
        const holder = this.find(field, textOf(coerced.value)).find((other) => other.Id !== id);
        if (holder)
          errors.push(
            failure(
              'DUPLICATE_VALUE',
              `duplicate value found: ${field.name} duplicates value on record with id: ${String(holder.Id)}`,
              [field.name],
            ),
          );
      }
      row[field.name] = coerced.value;
    }
    if (mode === 'create') {
      const missing = this.required.filter((f) => row[f] === null || row[f] === undefined);
      if (missing.length > 0)
        errors.push(
          failure(
            'REQUIRED_FIELD_MISSING',
            `Required fields are missing: [${missing.join(', ')}]`,
            missing,
          ),
        );
    }
    return errors.length > 0 ? errors : row;
  }

  create(values: Row): SaveResult {
    const row = this.checked(values, 'create');
    if (Array.isArray(row)) return { success: false, errors: row };
    this.created += 1;
    const id = `${this.describe.keyPrefix}SBX${String(this.created).padStart(9, '0')}`;
    const defaults: Row = { PQL__c: false, OwnerId: DEFAULT_OWNER, Status: LEAD_STATUSES[0] };
    const record: Row = { Id: id };
    for (const field of this.describe.fields)
      if (field.name !== 'Id')
        record[field.name] =
          row[field.name] ?? (field.defaultedOnCreate ? defaults[field.name] : null) ?? null;
    record.LastModifiedDate = new Date().toISOString();
    this.put(record);
    this.written(record);
    return { id, success: true, errors: [], created: true };
  }

  /** The live record an Id names, or why there is none (as Salesforce answers an update). */
  private existing(id: unknown): Row | SaveError {
    const text = typeof id === 'string' ? id : '';
    if (!ID_SHAPE.test(text))
      return failure(
        'MALFORMED_ID',
        `${this.describe.label} ID: id value of incorrect type: ${text}`,
        ['Id'],
      );
    if (this.recycled.has(text)) return failure('ENTITY_IS_DELETED', 'entity is deleted');
    const row = this.rows.get(text);
    if (row) return row;
    if (!text.startsWith(this.describe.keyPrefix))
      return failure(
        'MALFORMED_ID',
        `${this.describe.label} ID: id value of incorrect type: ${text}`,
        ['Id'],
      );
    return failure('INVALID_CROSS_REFERENCE_KEY', 'invalid cross reference id');
  }

  update(id: unknown, values: Row): SaveResult {
    const record = this.existing(id);
    if ('statusCode' in record) return { success: false, errors: [record as SaveError] };
    const row = this.checked(values, 'update', String(record.Id));
    if (Array.isArray(row)) return { id: String(record.Id), success: false, errors: row };
    this.unindex(record);
    Object.assign(record, row, { LastModifiedDate: new Date().toISOString() });
    this.put(record);
    this.written(record);
    return { id: String(record.Id), success: true, errors: [] };
  }

  /** Creates or updates the record whose external id `field` holds the record's value. */
  upsert(field: SalesforceFieldDescribe, values: Row): SaveResult {
    const key = Object.entries(values).find(
      ([name]) => name.toLowerCase() === field.name.toLowerCase(),
    )?.[1];
    if (field.type === 'id') return this.update(key, values);
    if (key === null || key === undefined || key === '')
      return {
        success: false,
        errors: [
          failure('REQUIRED_FIELD_MISSING', `Required fields are missing: [${field.name}]`, [
            field.name,
          ]),
        ],
      };
    const matches = this.find(field, textOf(key));
    if (matches.length > 1)
      return {
        success: false,
        errors: [
          failure(
            'DUPLICATE_EXTERNAL_ID',
            `${field.label}: more than one record found for external id field: [${matches.map((m) => String(m.Id)).join(', ')}]`,
            [field.name],
          ),
        ],
      };
    if (matches.length === 0) return this.create(values);
    return { ...this.update(matches[0]!.Id, values), created: false };
  }

  delete(id: unknown): SaveResult {
    const record = this.existing(id);
    if ('statusCode' in record) return { success: false, errors: [record as SaveError] };
    this.written(record);
    this.unindex(record);
    this.rows.delete(String(record.Id));
    this.recycled.set(String(record.Id), record);
    return { id: String(record.Id), success: true, errors: [] };
  }
}

/**
 * The sandbox's Salesforce org (docs/architecture.md §6, Connections): its sObjects' describe
 * and records, which SOQL, sObject Collections and Bulk API 2.0 all read and write. One org
 * per fake, shared by every organization connected to the sandbox, as its reads always were.
 */
export class SalesforceSandboxOrg {
  readonly tables = new Map<string, SObjectTable>();

  constructor() {
    const seeded = seededRecords();
    for (const [name, spec] of Object.entries(OBJECTS)) {
      const describe: SalesforceObjectDescribe = {
        name,
        label: spec.label,
        labelPlural: spec.labelPlural,
        keyPrefix: spec.keyPrefix,
        custom: name.endsWith('__c'),
        createable: spec.writable,
        updateable: spec.writable,
        deletable: spec.writable,
        queryable: true,
        fields: spec.fields.map(describeField),
      };
      this.tables.set(name, new SObjectTable(describe, seeded[name] ?? []));
    }
  }

  /** An sObject by name, whatever its case. */
  table(name: string): SObjectTable | undefined {
    const wanted = name.toLowerCase();
    for (const [key, table] of this.tables) if (key.toLowerCase() === wanted) return table;
    return undefined;
  }

  /** What an object holds now (values as stored: a decimal as its exact text); null: unknown. */
  rows(object: string): Row[] | null {
    const table = this.table(object);
    return table ? [...table.rows.values()].map((row) => ({ ...row })) : null;
  }

  /** How many times the object's record with this Id or external id was written. */
  writesOf(object: string, key: string): number {
    return this.table(object)?.writesOf(key) ?? 0;
  }
}

/** A number kept as its text, for `exactJson` to write bare (Salesforce answers numbers). */
const NUMBER_MARK = '\u0000n:';

/** A numeric field's stored text marked to be written as a JSON number. */
export function exactNumber(field: SalesforceFieldDescribe | undefined, value: unknown): unknown {
  if (!field || !NUMERIC.has(field.type) || typeof value !== 'string' || !DECIMAL.test(value))
    return value;
  // As JSON spells a number: no plus sign, a digit on both sides of the point.
  const json = value
    .replace(/^\+/, '')
    .replace(/^(-?)\./, '$10.')
    .replace(/\.$/, '');
  return `${NUMBER_MARK}${json}`;
}

/** JSON with the marked numbers written as numbers, digit for digit. */
export function exactJson(body: unknown): string {
  return JSON.stringify(body).replace(/"\\u0000n:([^"]+)"/g, '$1');
}
