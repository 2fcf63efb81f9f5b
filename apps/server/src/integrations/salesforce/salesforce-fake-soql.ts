import {
  exactNumber,
  SALESFORCE_API_VERSION,
  type Row,
  type SalesforceSandboxOrg,
  type SObjectTable,
} from './salesforce-fake-org.js';

/** A query's refusal, as Salesforce answers it (HTTP 400). */
export interface SoqlError {
  errorCode: string;
  message: string;
}

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };

/** The values of an `IN ('a', 'b\'c', …)` list (SOQL's backslash escapes); null: malformed. */
function literals(list: string): string[] | null {
  const values: string[] = [];
  let i = 0;
  const blank = () => {
    while (i < list.length && /\s/.test(list[i]!)) i += 1;
  };
  for (;;) {
    blank();
    if (list[i] !== "'") return null;
    let value = '';
    for (i += 1; i < list.length && list[i] !== "'"; i += 1) {
      if (list[i] === '\\') {
        i += 1;
        value += ESCAPES[list[i]!] ?? list[i] ?? '';
      } else value += list[i];
    }
    if (i >= list.length) return null;
    values.push(value);
    i += 1;
    blank();
    if (i >= list.length) return values;
    if (list[i] !== ',') return null;
    i += 1;
  }
}

/** A relationship field's record (`Owner.Name` → the owning User), as Salesforce nests it. */
function related(org: SalesforceSandboxOrg, row: Row, fields: string[]) {
  const user = org.table('User')!.rows.get(String(row.OwnerId));
  if (!user) return null;
  return {
    attributes: {
      type: 'User',
      url: `/services/data/v${SALESFORCE_API_VERSION}/sobjects/User/${String(user.Id)}`,
    },
    ...Object.fromEntries(fields.map((f) => [f, user[f] ?? null])),
  };
}

const invalidField = (name: string, table: SObjectTable): SoqlError => ({
  errorCode: 'INVALID_FIELD',
  message: `No such column '${name}' on entity '${table.name}'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name.`,
});

/**
 * A SOQL subset: `SELECT f, Owner.f, … FROM Object`, then nothing, `WHERE LastModifiedDate >
 * <instant> [ORDER BY …]`, or `WHERE Field IN ('a', …)` (by an index when the field is an
 * external id or id lookup). Fields are matched whatever their case and answered in their
 * own; numbers as JSON numbers written from their exact text (see `exactJson`).
 */
export function runSoql(org: SalesforceSandboxOrg, soql: string): Row[] | SoqlError {
  const text = soql.trim();
  const byKeys = /^SELECT (.+?) FROM (\w+) WHERE (\w+) IN \((.*)\)$/is.exec(text);
  const bySince = byKeys
    ? null
    : /^SELECT (.+?) FROM (\w+)(?: WHERE LastModifiedDate > (\S+))?(?: ORDER BY .*)?$/is.exec(text);
  const match = byKeys ?? bySince;
  if (!match) return { errorCode: 'MALFORMED_QUERY', message: 'unexpected token' };
  const table = org.table(match[2]!);
  if (!table)
    return {
      errorCode: 'INVALID_TYPE',
      message: `sObject type '${match[2]}' is not supported.`,
    };
  const selected = match[1]!.split(',').map((f) => f.trim());
  const plain: string[] = [];
  const owner: string[] = [];
  for (const name of selected) {
    const [relationship, field] = name.split('.');
    if (field !== undefined) {
      if (relationship !== 'Owner' || !table.field('OwnerId')) return invalidField(name, table);
      owner.push(field);
      continue;
    }
    const described = table.field(name);
    if (!described) return invalidField(name, table);
    plain.push(described.name);
  }
  let rows: Row[];
  if (byKeys) {
    const field = table.field(byKeys[3]!);
    if (!field) return invalidField(byKeys[3]!, table);
    const keys = literals(byKeys[4]!);
    if (!keys) return { errorCode: 'MALFORMED_QUERY', message: 'unexpected token' };
    const found = new Map<unknown, Row>();
    for (const key of keys) for (const row of table.find(field, key)) found.set(row.Id, row);
    rows = [...found.values()];
  } else {
    const after = bySince?.[3] ? Date.parse(bySince[3]) : null;
    rows = [...table.rows.values()].filter(
      (row) => after === null || Date.parse(String(row.LastModifiedDate)) > after,
    );
  }
  return rows.map((row) => ({
    attributes: {
      type: table.name,
      url: `/services/data/v${SALESFORCE_API_VERSION}/sobjects/${table.name}/${String(row.Id)}`,
    },
    ...Object.fromEntries(plain.map((f) => [f, exactNumber(table.field(f), row[f] ?? null)])),
    ...(owner.length > 0 ? { Owner: related(org, row, owner) } : {}),
  }));
}
