import type { DestinationField, DestinationObject } from '@revlane/contracts';
import type {
  Connection as SalesforceApi,
  DescribeSObjectResult,
  Field,
  HttpRequest,
  HttpRequestOptions,
  Record as SalesforceRecord,
} from 'jsforce';
import type { OpenSession } from '../core/connected-session.js';
import type { ConnectionSession } from '../core/connection-session.js';
import { csvField } from '../core/csv-encoder.js';
import {
  DestinationRetry,
  type Destination,
  type DestinationBatch,
  type DestinationChange,
  type DestinationContext,
  type DestinationHeld,
  type DestinationResult,
} from '../core/destination.js';
import { destinationFailure } from '../core/destination-failure.js';
import { sessionConnection } from './salesforce-provider.js';

/** sObject Collections take up to 200 records a call. */
const REST_MAX = 200;
/** A run of more records goes through Bulk API 2.0, 10,000 records a job (ADR 0033). */
const BULK_ABOVE = 2_000;
const BULK_BATCH = 10_000;
/**
 * Keys per `IN (…)` query, and their encoded characters: a GET's URI and headers stay under
 * Salesforce's 16,384 bytes with the select list beside them.
 */
const SOQL_KEYS_MAX = 500;
const SOQL_CHARS_MAX = 10_000;
/** A request unanswered this long is a network failure (jsforce's own wait is 30 minutes). */
const REQUEST_TIMEOUT_MS = 5 * 60_000;
/** The standard objects an activation writes; an org's custom (`__c`) objects join them. */
const STANDARD_OBJECTS = new Set(['Account', 'Contact', 'Lead']);
/** Bulk 2.0's way to set a field to null (an empty value leaves the field as it is). */
const BULK_NULL = '#N/A';
/** The errors that say a record is not there (deleted, or no such id). */
const NOT_THERE = new Set(['ENTITY_IS_DELETED', 'INVALID_CROSS_REFERENCE_KEY']);

type IngestJob = ReturnType<SalesforceApi['bulk2']['createJob']>;
type Row = Record<string, unknown>;

export interface SalesforceDestinationOptions {
  /** The first wait between two looks at a Bulk job (doubling up to `pollMaxMs`). */
  pollIntervalMs?: number;
  pollMaxMs?: number;
  /** How long a batch waits for its job before handing it back to be resumed. */
  pollTimeoutMs?: number;
}

/** A jsforce connection per session, with what it learnt: the describes and a 429's wait. */
interface Client {
  api: SalesforceApi;
  /** The last 429's Retry-After (jsforce's errors keep no headers). */
  retryAfter: { seconds: number | null };
  describes: Map<string, Promise<DescribeSObjectResult | null>>;
}

/**
 * The connection's HTTP, adjusted for the run engine: jsforce retries 429s, 5xx and network
 * failures of GET, PUT and DELETE itself (five times, ignoring Retry-After and unpaced); here
 * it tries once and the engine retries (`DestinationRetry`, ADR 0033). A 429's Retry-After is
 * kept (jsforce's errors keep no headers). And jsforce's Bulk 2.0 builds its URLs from the
 * instance URL's origin alone: Salesforce's have no path, the sandbox's has one
 * (`/sandbox/salesforce`), which is put back.
 */
function watchTransport(api: SalesforceApi): Client['retryAfter'] {
  const retryAfter: Client['retryAfter'] = { seconds: null };
  const transport = api._transport;
  const send = transport.httpRequest.bind(transport);
  transport.httpRequest = (request: HttpRequest, options?: HttpRequestOptions) => {
    const instance = new URL(api.instanceUrl);
    const url = new URL(request.url);
    const prefix = instance.pathname.replace(/\/$/, '');
    if (prefix && url.origin === instance.origin && url.pathname.startsWith('/services/')) {
      url.pathname = `${prefix}${url.pathname}`;
      request.url = url.toString();
    }
    const sent = send(request, {
      ...options,
      retry: { maxRetries: 0 },
      timeout: REQUEST_TIMEOUT_MS,
    });
    sent.then(
      (response) => {
        if (response.statusCode !== 429) return;
        const seconds = Number(response.headers['retry-after']);
        retryAfter.seconds = Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
      },
      () => undefined,
    );
    return sent;
  };
  return retryAfter;
}

/** A failed call's mapping (`destinationFailure`), with the Retry-After the transport kept. */
function failureOf(client: Client, error: unknown): Error {
  const retryAfter = client.retryAfter.seconds;
  client.retryAfter.seconds = null;
  return destinationFailure(error, 'Salesforce', retryAfter);
}

const errorCodeOf = (error: unknown) => (error as { errorCode?: unknown } | null)?.errorCode;

/** One HTTP call: paced first, its failure mapped (see `failureOf`). */
async function call<T>(client: Client, pace: (() => Promise<void>) | null, work: () => Promise<T>) {
  await pace?.();
  try {
    return await work();
  } catch (error) {
    throw failureOf(client, error);
  }
}

/** A SOQL string literal (backslash escapes). */
const soqlLiteral = (value: string) =>
  `'${value
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t')}'`;

/** Keys in `IN (…)` lists of at most 500 keys and 10,000 encoded characters. */
function soqlChunks(keys: string[]): string[][] {
  const chunks: string[][] = [];
  let chunk: string[] = [];
  let chars = 0;
  for (const key of keys) {
    const literal = soqlLiteral(key);
    const size = encodeURIComponent(literal).length + 1;
    if (chunk.length > 0 && (chunk.length >= SOQL_KEYS_MAX || chars + size > SOQL_CHARS_MAX)) {
      chunks.push(chunk);
      chunk = [];
      chars = 0;
    }
    chunk.push(literal);
    chars += size;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

const isIdField = (field: string) => field.toLowerCase() === 'id';

/**
 * How a key is compared with what SOQL found: `IN` matches text whatever its case, and a
 * record's Id comes back in 18 characters for a 15-character key.
 */
const foldKey = (matchField: string, key: string) =>
  isIdField(matchField) ? key.slice(0, 15) : key.toLowerCase();

/** A field's value in a query record, whatever the case of its name. */
function valueIn(record: Row, field: string): unknown {
  if (field in record) return record[field];
  const wanted = field.toLowerCase();
  const name = Object.keys(record).find((candidate) => candidate.toLowerCase() === wanted);
  return name === undefined ? undefined : record[name];
}

/** A value as text: numbers and checkboxes as Salesforce spells them, null as null. */
function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const TRUE = /^(true|t|1|yes|y)$/i;
const FALSE = /^(false|f|0|no|n)$/i;

/**
 * A value as it is sent: '' and null clear the field; a checkbox true or false; anything
 * else its exact text (Salesforce reads numbers from text, so a decimal loses no digit).
 */
function sentValue(field: Field | undefined, value: string | null): string | boolean | null {
  if (value === null || value === '') return null;
  if (field?.type === 'boolean') {
    if (TRUE.test(value.trim())) return true;
    if (FALSE.test(value.trim())) return false;
  }
  return value;
}

/** One record to send: the change, its key in the key field, and its values. */
interface Send {
  change: DestinationChange;
  key: string;
}

/** A batch as Salesforce is asked: an operation keyed by one field, and what is settled. */
interface Plan {
  object: string;
  operation: 'upsert' | 'update' | 'delete';
  /** The column records are keyed by (and answered under): `Id` or an external id. */
  keyField: string;
  /** The mapped fields sent, and their describe (checkbox or not). */
  columns: string[];
  fieldOf: (name: string) => Field | undefined;
  sends: Send[];
  /** Changes settled without a call (not found, ambiguous, no key). */
  settled: DestinationResult[];
  /** An upsert matched on Id updates only: "not there" says that it cannot create. */
  updatesOnly: boolean;
  matchField: string;
}

const labelOf = (plan: Pick<Plan, 'object' | 'matchField'>, key: string) =>
  `${plan.object} with ${plan.matchField} = ${key}`;

/** A record's answer from Salesforce's per-record errors (codes `statusCode` or `errorCode`). */
function answerOfErrors(
  plan: Plan,
  send: Send,
  errors: { code: string; text: string }[],
): DestinationResult {
  const { change } = send;
  const code = errors[0]?.code ?? '';
  if (NOT_THERE.has(code)) {
    if (plan.operation === 'delete')
      return { key: change.key, ok: true, destinationId: null, answer: 'not found' };
    if (plan.updatesOnly)
      return {
        key: change.key,
        ok: false,
        destinationId: null,
        answer: `No ${labelOf(plan, change.key)}: an upsert on Id updates only (match on an external id field to create records)`,
      };
  }
  return {
    key: change.key,
    ok: false,
    destinationId: null,
    answer: errors.map((e) => e.text).join('; ') || 'Salesforce refused the record',
  };
}

function answerOfSuccess(plan: Plan, send: Send, id: string, created: boolean): DestinationResult {
  const answer =
    plan.operation === 'delete'
      ? 'deleted'
      : plan.operation === 'upsert' && created
        ? 'created'
        : 'updated';
  return { key: send.change.key, ok: true, destinationId: id || null, answer };
}

/** The CSV of a Bulk job: the key column, then the mapped fields (`#N/A` clears a field). */
function bulkCsv(plan: Plan): string {
  const header = [plan.keyField, ...plan.columns];
  const lines = [header.join(',')];
  for (const { change, key } of plan.sends) {
    const cells = [csvField(key)];
    for (const column of plan.columns) {
      if (!(column in change.values)) {
        cells.push('');
        continue;
      }
      const value = sentValue(plan.fieldOf(column), change.values[column] ?? null);
      cells.push(value === null ? BULK_NULL : csvField(String(value)));
    }
    lines.push(cells.join(','));
  }
  return `${lines.join('\n')}\n`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Salesforce as an activation's destination (ADR 0033), through jsforce on the
 * organization's connection: describe for objects and fields; up to 2,000 records through
 * sObject Collections (200 a call, one answer per record), more through Bulk API 2.0 jobs of
 * 10,000 whose id is checkpointed before the upload, so a batch resumed after a crash looks
 * its job up instead of sending the records again. An update never creates: its keys are
 * found by SOQL first. 429, 5xx and network failures are `DestinationRetry`.
 */
export function salesforceDestination(
  open: OpenSession,
  options: SalesforceDestinationOptions = {},
): Destination {
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const pollMaxMs = options.pollMaxMs ?? 10_000;
  const pollTimeoutMs = options.pollTimeoutMs ?? 30 * 60_000;
  const clients = new WeakMap<ConnectionSession, Promise<Client>>();

  async function clientOf(orgId: string): Promise<Client> {
    const session = await open(orgId, 'salesforce');
    let client = clients.get(session);
    if (!client) {
      client = session.current().then((tokens) => {
        const api = sessionConnection(session, tokens.accessToken);
        return { api, retryAfter: watchTransport(api), describes: new Map() };
      });
      clients.set(session, client);
      client.catch(() => clients.delete(session));
    }
    return client;
  }

  /** An object's describe (once per session); null when the org has no such object. */
  function describe(client: Client, object: string, pace: (() => Promise<void>) | null) {
    let described = client.describes.get(object);
    if (!described) {
      described = (async () => {
        await pace?.();
        try {
          return await client.api.describe(object);
        } catch (error) {
          if (errorCodeOf(error) === 'NOT_FOUND') return null;
          throw failureOf(client, error);
        }
      })();
      client.describes.set(object, described);
      described.catch(() => client.describes.delete(object));
    }
    return described;
  }

  /** Every record of a query, page by page (each page one paced call). */
  async function queryAll(client: Client, pace: () => Promise<void>, soql: string) {
    let page = await call(client, pace, () => client.api.query<SalesforceRecord>(soql).promise());
    const records: Row[] = [...page.records];
    while (!page.done && page.nextRecordsUrl) {
      const locator = page.nextRecordsUrl;
      page = await call(client, pace, () =>
        client.api.queryMore<SalesforceRecord>(locator).promise(),
      );
      records.push(...page.records);
    }
    return records;
  }

  /** The records whose `matchField` holds each key (SOQL `IN`, 500 keys a query). */
  async function lookup(
    client: Client,
    pace: () => Promise<void>,
    object: string,
    matchField: string,
    keys: string[],
    fields: string[],
  ): Promise<Map<string, Row[]>> {
    const wanted = new Map(keys.map((key) => [foldKey(matchField, key), key]));
    const select = [
      ...new Map(['Id', matchField, ...fields].map((f) => [f.toLowerCase(), f])).values(),
    ];
    const found = new Map<string, Row[]>();
    for (const chunk of soqlChunks([...new Set(keys)])) {
      const soql = `SELECT ${select.join(', ')} FROM ${object} WHERE ${matchField} IN (${chunk.join(',')})`;
      for (const record of await queryAll(client, pace, soql)) {
        const held = textOf(valueIn(record, matchField));
        const key = held === null ? undefined : wanted.get(foldKey(matchField, held));
        if (key !== undefined) found.set(key, [...(found.get(key) ?? []), record]);
      }
    }
    return found;
  }

  async function planOf(
    client: Client,
    batch: DestinationBatch,
    context: DestinationContext,
  ): Promise<Plan> {
    const described = await describe(client, batch.object, context.pace);
    if (!described) throw new Error(`Salesforce has no object ${batch.object}`);
    const fieldsByName = new Map(described.fields.map((f) => [f.name.toLowerCase(), f]));
    const fieldOf = (name: string) => fieldsByName.get(name.toLowerCase());
    const matchField = fieldOf(batch.matchField)?.name ?? batch.matchField;
    const byId = isIdField(matchField);
    const external = fieldOf(matchField)?.externalId === true;
    if (batch.operation === 'upsert' && !byId && !external)
      throw new Error(
        `Salesforce: ${batch.object}.${matchField} is not an external id field; an upsert matches on one (or on Id, which updates only)`,
      );
    const operation =
      batch.operation === 'upsert' && external
        ? 'upsert'
        : batch.operation === 'delete'
          ? 'delete'
          : 'update';
    const keyField = operation === 'upsert' ? matchField : 'Id';
    // A delete sends ids alone.
    const columns =
      operation === 'delete'
        ? []
        : [
            ...new Map(
              [...batch.fields, ...batch.changes.flatMap((c) => Object.keys(c.values))]
                .filter((f) => f.toLowerCase() !== keyField.toLowerCase() && !isIdField(f))
                .map((f) => [f.toLowerCase(), f]),
            ).values(),
          ];
    const plan: Plan = {
      object: described.name,
      operation,
      keyField,
      columns,
      fieldOf,
      sends: [],
      settled: [],
      updatesOnly: batch.operation === 'upsert' && byId,
      matchField,
    };
    const settle = (change: DestinationChange, ok: boolean, answer: string) =>
      plan.settled.push({ key: change.key, ok, destinationId: null, answer });
    // A delete goes by the id an earlier run learnt; an update by what the key finds now.
    const unresolved = batch.changes.filter(
      (c) => c.key !== '' && !byId && !(operation === 'delete' && c.destinationId),
    );
    const found =
      operation === 'upsert' || unresolved.length === 0
        ? new Map<string, Row[]>()
        : await lookup(
            client,
            context.pace,
            plan.object,
            matchField,
            unresolved.map((c) => c.key),
            [],
          );
    for (const change of batch.changes) {
      if (change.key === '') {
        settle(
          change,
          operation === 'delete',
          operation === 'delete' ? 'not found' : `No ${matchField}: nothing identifies the record`,
        );
        continue;
      }
      if (operation === 'upsert' || byId) {
        plan.sends.push({
          change,
          key: operation === 'delete' ? (change.destinationId ?? change.key) : change.key,
        });
        continue;
      }
      if (operation === 'delete' && change.destinationId) {
        plan.sends.push({ change, key: change.destinationId });
        continue;
      }
      const records = found.get(change.key) ?? [];
      if (records.length === 1) plan.sends.push({ change, key: String(records[0]!.Id) });
      else if (records.length === 0)
        settle(
          change,
          operation === 'delete',
          operation === 'delete' ? 'not found' : `No ${labelOf(plan, change.key)}`,
        );
      else
        settle(
          change,
          false,
          `${records.length} ${described.labelPlural} have ${matchField} = ${change.key}: it identifies no single record`,
        );
    }
    return plan;
  }

  /** The values of one REST record: the mapped fields, checkboxes as true/false. */
  const restValues = (plan: Plan, change: DestinationChange) =>
    Object.fromEntries(
      plan.columns
        .filter((column) => column in change.values)
        .map((column) => [column, sentValue(plan.fieldOf(column), change.values[column] ?? null)]),
    );

  /** sObject Collections, 200 records a call, one answer per record in the order sent. */
  async function writeRest(client: Client, plan: Plan, context: DestinationContext) {
    const results: DestinationResult[] = [];
    for (let start = 0; start < plan.sends.length; start += REST_MAX) {
      const sends = plan.sends.slice(start, start + REST_MAX);
      const options = { allOrNone: false };
      const answers = await call(client, context.pace, () => {
        if (plan.operation === 'delete')
          return client.api.destroy(
            plan.object,
            sends.map((s) => s.key),
            options,
          );
        const records = sends.map((s) => ({
          ...restValues(plan, s.change),
          [plan.keyField]: s.key,
        }));
        return plan.operation === 'upsert'
          ? client.api.upsert(plan.object, records, plan.keyField, options)
          : client.api.update(plan.object, records as { Id: string }[], options);
      });
      sends.forEach((send, i) => {
        const answer = answers[i] as
          { success: boolean; id?: string; created?: boolean; errors?: Row[] } | undefined;
        if (answer?.success)
          results.push(answerOfSuccess(plan, send, answer.id ?? send.key, answer.created === true));
        else
          results.push(
            answerOfErrors(
              plan,
              send,
              (answer?.errors ?? []).map((e) => {
                const code = textOf(e.statusCode ?? e.errorCode) ?? '';
                return { code, text: `${code}: ${textOf(e.message) ?? ''}` };
              }),
            ),
          );
      });
    }
    return results;
  }

  /**
   * The batch's Bulk job: the checkpointed one when it can still answer (UploadComplete,
   * InProgress, JobComplete), else a new one, checkpointed before its data is uploaded. An
   * Open job found on resume got no complete upload: it is aborted and made again.
   */
  async function bulkJob(
    client: Client,
    plan: Plan,
    context: DestinationContext,
  ): Promise<IngestJob> {
    const saved = await context.checkpoint.read();
    if (saved) {
      const job = client.api.bulk2.job('ingest', { id: saved });
      let state: string | null = null;
      try {
        await context.pace();
        state = (await job.check()).state;
      } catch (error) {
        if (errorCodeOf(error) !== 'NOT_FOUND') throw failureOf(client, error);
      }
      if (state === 'UploadComplete' || state === 'InProgress' || state === 'JobComplete')
        return job;
      if (state === 'Open') await call(client, context.pace, () => job.abort());
    }
    const job = client.api.bulk2.createJob({
      object: plan.object,
      operation: plan.operation,
      ...(plan.operation === 'upsert' ? { externalIdFieldName: plan.keyField } : {}),
      contentType: 'CSV',
      lineEnding: 'LF',
      columnDelimiter: 'COMMA',
    });
    await call(client, context.pace, () => job.open());
    await context.checkpoint.write(job.id);
    const csv = bulkCsv(plan);
    await call(client, context.pace, () => job.uploadData(csv));
    await call(client, context.pace, () => job.close());
    return job;
  }

  /** Waits for the job to finish, keeping the batch's claim alive meanwhile. */
  async function settled(client: Client, job: IngestJob, context: DestinationContext) {
    const deadline = Date.now() + pollTimeoutMs;
    for (let wait = pollIntervalMs; ; wait = Math.min(wait * 2, pollMaxMs)) {
      const info = await call(client, context.pace, () => job.check());
      if (info.state === 'JobComplete') return;
      if (info.state === 'Failed' || info.state === 'Aborted' || info.state === 'Open')
        throw new Error(
          `Salesforce: Bulk job ${job.id} ${info.state === 'Failed' ? 'failed' : `is ${info.state}`}${info.errorMessage ? `: ${info.errorMessage}` : ''}`,
        );
      if (Date.now() >= deadline)
        throw new DestinationRetry(`Salesforce: Bulk job ${job.id} is still ${info.state}`, 60);
      await context.heartbeat();
      await sleep(wait);
    }
  }

  /** Bulk API 2.0: one job for the batch, its results mapped back by the key column. */
  async function writeBulk(client: Client, plan: Plan, context: DestinationContext) {
    const job = await bulkJob(client, plan, context);
    await settled(client, job, context);
    const successful = await call(client, context.pace, () => job.getSuccessfulResults());
    const failed = await call(client, context.pace, () => job.getFailedResults());
    const unprocessed = await call(client, context.pace, () => job.getUnprocessedRecords());
    const waiting = new Map<string, Send[]>();
    for (const send of plan.sends) waiting.set(send.key, [...(waiting.get(send.key) ?? []), send]);
    const take = (row: Row) => {
      const key = textOf(valueIn(row, plan.keyField));
      const sends = key === null ? undefined : waiting.get(key);
      const send = sends?.shift();
      if (sends?.length === 0) waiting.delete(key!);
      return send;
    };
    const results: DestinationResult[] = [];
    for (const row of successful as Row[]) {
      const send = take(row);
      if (send)
        results.push(
          answerOfSuccess(plan, send, textOf(row.sf__Id) ?? '', row.sf__Created === 'true'),
        );
    }
    for (const row of failed as Row[]) {
      const send = take(row);
      const text = textOf(row.sf__Error) ?? '';
      if (send) results.push(answerOfErrors(plan, send, [{ code: text.split(':')[0]!, text }]));
    }
    for (const row of Array.isArray(unprocessed) ? (unprocessed as Row[]) : []) {
      const send = take(row);
      if (send)
        results.push({
          key: send.change.key,
          ok: false,
          destinationId: null,
          answer: `Salesforce did not process the record (Bulk job ${job.id})`,
        });
    }
    for (const sends of waiting.values())
      for (const send of sends)
        results.push({
          key: send.change.key,
          ok: false,
          destinationId: null,
          answer: `Salesforce answered nothing for the record (Bulk job ${job.id})`,
        });
    return results;
  }

  return {
    provider: 'salesforce',

    batchSize: (records) => (records > BULK_ABOVE ? BULK_BATCH : REST_MAX),

    async objects(orgId): Promise<DestinationObject[]> {
      const client = await clientOf(orgId);
      const global = await call(client, null, () => client.api.describeGlobal());
      return global.sobjects
        .filter((o) => STANDARD_OBJECTS.has(o.name) || (o.custom && o.name.endsWith('__c')))
        .filter((o) => o.createable && o.updateable)
        .map((o) => ({ name: o.name, label: o.label }));
    },

    async fields(orgId, object): Promise<DestinationField[] | null> {
      const described = await describe(await clientOf(orgId), object, null);
      return (
        described?.fields.map((f) => ({
          name: f.name,
          label: f.label,
          type: f.type,
          identifying: f.type === 'id' || f.externalId || f.idLookup,
          writable: f.updateable || f.createable,
        })) ?? null
      );
    },

    async read(orgId, object, matchField, keys, fields, context) {
      const client = await clientOf(orgId);
      const found = await lookup(client, context.pace, object, matchField, keys, fields);
      const held = new Map<string, DestinationHeld>();
      for (const [key, [record]] of found)
        held.set(key, {
          destinationId: String(record!.Id),
          values: Object.fromEntries(fields.map((f) => [f, textOf(valueIn(record!, f))])),
        });
      return held;
    },

    async write(batch, context) {
      if (batch.changes.length === 0) return [];
      const client = await clientOf(batch.orgId);
      const plan = await planOf(client, batch, context);
      if (plan.sends.length === 0) return plan.settled;
      const sent =
        plan.sends.length > REST_MAX
          ? await writeBulk(client, plan, context)
          : await writeRest(client, plan, context);
      return [...plan.settled, ...sent];
    },
  };
}
