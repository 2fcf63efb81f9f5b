import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  SALESFORCE_API_VERSION,
  type Row,
  type SalesforceSandboxOrg,
  type SaveResult,
  type SObjectTable,
  textOf,
} from './salesforce-fake-org.js';

export type Guard = (authorization: string | undefined, reply: FastifyReply) => boolean;

const OPERATIONS = ['insert', 'update', 'upsert', 'delete'] as const;
type Operation = (typeof OPERATIONS)[number];
/** Bulk API 2.0 takes up to 150 MB of CSV per upload. */
const UPLOAD_MAX_BYTES = 150 * 1024 * 1024;
/** Bulk 2.0's way to set a field to null: an empty value leaves the field as it is. */
const SET_NULL = '#N/A';

export interface BulkIngestJobInfo {
  id: string;
  operation: Operation;
  object: string;
  createdById: string;
  createdDate: string;
  systemModstamp: string;
  state: 'Open' | 'UploadComplete' | 'InProgress' | 'JobComplete' | 'Failed' | 'Aborted';
  externalIdFieldName?: string;
  concurrencyMode: 'Parallel';
  contentType: 'CSV';
  apiVersion: number;
  jobType: 'V2Ingest';
  contentUrl: string;
  lineEnding: 'LF' | 'CRLF';
  columnDelimiter: 'COMMA';
  numberRecordsProcessed: number;
  numberRecordsFailed: number;
  retries: number;
  totalProcessingTime: number;
  apiActiveProcessingTime: number;
  apexProcessingTime: number;
  errorMessage?: string;
}

interface IngestJob {
  info: BulkIngestJobInfo;
  table: SObjectTable;
  /** The uploaded CSV, parsed: its header and records. */
  header: string[] | null;
  records: string[][];
  processed: boolean;
  successful: string[];
  failed: string[];
  unprocessed: string[];
}

/** RFC 4180 records (quoted fields with doubled quotes; LF or CRLF line ends). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field: string;
    if (text[i] === '"') {
      // A quoted field: up to the quote not doubled, taken in slices.
      field = '';
      let from = i + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote < 0) {
          field += text.slice(from);
          i = text.length;
          break;
        }
        field += text.slice(from, quote);
        if (text[quote + 1] === '"') {
          field += '"';
          from = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
    } else {
      let end = i;
      while (end < text.length && text[end] !== ',' && text[end] !== '\n') end += 1;
      field = text.slice(i, text[end - 1] === '\r' && text[end] === '\n' ? end - 1 : end);
      i = end;
    }
    row.push(field);
    if (text[i] === '\r') i += 1;
    if (i >= text.length || text[i] === '\n') {
      rows.push(row);
      row = [];
      i += 1;
    } else i += 1;
  }
  // The text ended on a comma: its last field is empty.
  if (row.length > 0) rows.push([...row, '']);
  return rows;
}

/** A results line as Salesforce writes them: every value quoted. */
const csvLine = (values: string[]) =>
  `${values.map((v) => `"${v.replace(/"/g, '""')}"`).join(',')}\n`;

const refusal = (errorCode: string, message: string) => [{ errorCode, message }];

/** A record's errors as Bulk 2.0's `sf__Error` column spells them. */
const errorText = (result: SaveResult) =>
  result.errors.map((e) => `${e.statusCode}:${e.message}:${e.fields.join(',')} --`).join(' ');

/**
 * Bulk API 2.0 ingest jobs (ADR 0033) over the sandbox org: a job is created Open, takes CSV
 * uploads, and is processed once after `UploadComplete` (UploadComplete → InProgress, every
 * record written, then JobComplete, `stepMs` apart), with its successful, failed and
 * unprocessed records as CSV.
 */
export class BulkIngest {
  readonly jobs = new Map<string, IngestJob>();
  private created = 0;
  /** Milliseconds between a closed job's states (tests lengthen it to catch a state). */
  stepMs = 25;

  constructor(private readonly org: SalesforceSandboxOrg) {}

  /** The jobs, oldest first, as `GET /jobs/ingest` lists them. */
  list(): BulkIngestJobInfo[] {
    return [...this.jobs.values()].map((job) => ({ ...job.info }));
  }

  create(body: Row, base: string): BulkIngestJobInfo | ReturnType<typeof refusal> {
    const table = this.org.table(textOf(body.object));
    if (!table?.describe.createable)
      return refusal('INVALIDJOB', `InvalidJob : Unable to find object: ${textOf(body.object)}`);
    const operation = body.operation as Operation;
    if (!OPERATIONS.includes(operation))
      return refusal('INVALIDJOB', `InvalidJob : Invalid operation: ${textOf(body.operation)}`);
    const external = table.field(textOf(body.externalIdFieldName));
    if (operation === 'upsert' && !(external?.externalId || external?.type === 'id'))
      return refusal(
        'INVALIDJOB',
        `InvalidJob : External ID field not found or not an external id: ${textOf(body.externalIdFieldName)}`,
      );
    if ((body.contentType ?? 'CSV') !== 'CSV' || (body.columnDelimiter ?? 'COMMA') !== 'COMMA')
      return refusal('INVALIDJOB', 'InvalidJob : the sandbox reads CSV with COMMA delimiters');
    const lineEnding = (body.lineEnding ?? 'LF') as 'LF' | 'CRLF';
    this.created += 1;
    const id = `750SBX${String(this.created).padStart(9, '0')}`;
    const now = new Date().toISOString().replace('Z', '+0000');
    const info: BulkIngestJobInfo = {
      id,
      operation,
      object: table.name,
      createdById: '005SBX000001',
      createdDate: now,
      systemModstamp: now,
      state: 'Open',
      ...(operation === 'upsert' ? { externalIdFieldName: external!.name } : {}),
      concurrencyMode: 'Parallel',
      contentType: 'CSV',
      apiVersion: Number(SALESFORCE_API_VERSION),
      jobType: 'V2Ingest',
      contentUrl: `${base.slice(1)}/jobs/ingest/${id}/batches`,
      lineEnding,
      columnDelimiter: 'COMMA',
      numberRecordsProcessed: 0,
      numberRecordsFailed: 0,
      retries: 0,
      totalProcessingTime: 0,
      apiActiveProcessingTime: 0,
      apexProcessingTime: 0,
    };
    this.jobs.set(id, {
      info,
      table,
      header: null,
      records: [],
      processed: false,
      successful: [],
      failed: [],
      unprocessed: [],
    });
    return info;
  }

  /** Takes one upload of CSV; null when taken, else why not. */
  upload(job: IngestJob, csv: string) {
    if (job.info.state !== 'Open')
      return refusal('INVALIDJOBSTATE', `Unable to upload data: the job is ${job.info.state}`);
    const [header, ...records] = parseCsv(csv);
    if (!header) return null;
    if (job.header && job.header.join(',') !== header.join(','))
      return refusal('INVALIDBATCH', 'InvalidBatch : every upload of a job has the same columns');
    job.header = header;
    job.records.push(...records);
    return null;
  }

  /** A state change the client asks for (`UploadComplete`, `Aborted`); null when done. */
  change(job: IngestJob, state: unknown) {
    const from = job.info.state;
    if (state === 'UploadComplete' && from === 'Open') {
      this.setState(job, 'UploadComplete');
      setTimeout(() => {
        if (job.info.state !== 'UploadComplete') return;
        this.setState(job, 'InProgress');
        this.process(job);
        setTimeout(() => {
          if (job.info.state === 'InProgress') this.setState(job, 'JobComplete');
        }, this.stepMs).unref();
      }, this.stepMs).unref();
      return null;
    }
    if (state === 'Aborted' && ['Open', 'UploadComplete', 'InProgress'].includes(from)) {
      this.setState(job, 'Aborted');
      if (!job.processed) job.unprocessed = job.records.map(csvLine);
      return null;
    }
    return refusal('INVALIDSTATUS', `Unable to change the job from ${from} to ${String(state)}`);
  }

  private setState(job: IngestJob, state: BulkIngestJobInfo['state'], errorMessage?: string) {
    job.info.state = state;
    job.info.systemModstamp = new Date().toISOString().replace('Z', '+0000');
    if (errorMessage) job.info.errorMessage = errorMessage;
  }

  /** Writes the job's records, once. */
  private process(job: IngestJob) {
    if (job.processed) return;
    job.processed = true;
    const started = Date.now();
    const header = job.header ?? [];
    const { operation } = job.info;
    const table = job.table;
    const unknown = header.find(
      (column) => !table.field(column) || (operation === 'delete' && column.toLowerCase() !== 'id'),
    );
    const key = operation === 'upsert' ? job.info.externalIdFieldName! : 'Id';
    if (
      unknown !== undefined ||
      (operation !== 'insert' && !header.some((c) => c.toLowerCase() === key.toLowerCase()))
    ) {
      this.setState(job, 'Failed', `InvalidBatch : Field name not found : ${unknown ?? key}`);
      job.unprocessed = job.records.map(csvLine);
      return;
    }
    const field = table.field(key)!;
    for (const record of job.records) {
      const values: Row = {};
      header.forEach((column, i) => {
        const value = record[i] ?? '';
        if (value !== '') values[column] = value === SET_NULL ? null : value;
      });
      const id = Object.entries(values).find(([name]) => name.toLowerCase() === 'id')?.[1];
      const result =
        operation === 'insert'
          ? table.create(values)
          : operation === 'upsert'
            ? table.upsert(field, values)
            : operation === 'update'
              ? table.update(id, values)
              : table.delete(id);
      if (result.success)
        job.successful.push(csvLine([result.id!, String(result.created === true), ...record]));
      else {
        job.failed.push(csvLine([result.id ?? '', errorText(result), ...record]));
        job.info.numberRecordsFailed += 1;
      }
      job.info.numberRecordsProcessed += 1;
    }
    job.info.totalProcessingTime = Date.now() - started;
    job.info.apiActiveProcessingTime = job.info.totalProcessingTime;
  }

  /** A job's results as Salesforce's CSV: successful, failed or unprocessed records. */
  results(job: IngestJob, kind: 'successful' | 'failed' | 'unprocessed') {
    const header = job.header ?? [];
    const lead =
      kind === 'successful'
        ? ['sf__Id', 'sf__Created']
        : kind === 'failed'
          ? ['sf__Id', 'sf__Error']
          : [];
    return csvLine([...lead, ...header]) + job[kind].join('');
  }
}

/** Bulk API 2.0's ingest routes under `base` (`/services/data/vXX.X`). */
export function bulkRoutes(app: FastifyInstance, bulk: BulkIngest, guard: Guard, base: string) {
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  const jobOf = (request: { params: unknown }, reply: FastifyReply) => {
    const job = bulk.jobs.get((request.params as { id: string }).id);
    if (!job)
      void reply.code(404).send(refusal('NOT_FOUND', 'The requested resource does not exist'));
    return job;
  };
  const root = `${base}/jobs/ingest`;
  app.post(root, async (request, reply) => {
    if (guard(request.headers.authorization, reply)) return reply;
    const answer = bulk.create((request.body ?? {}) as Row, base);
    return Array.isArray(answer) ? reply.code(400).send(answer) : answer;
  });
  app.get(root, async (request, reply) => {
    if (guard(request.headers.authorization, reply)) return reply;
    return { done: true, records: bulk.list(), nextRecordsUrl: null };
  });
  app.get(`${root}/:id`, async (request, reply) => {
    if (guard(request.headers.authorization, reply)) return reply;
    const job = jobOf(request, reply);
    return job ? { ...job.info } : reply;
  });
  app.put(`${root}/:id/batches`, { bodyLimit: UPLOAD_MAX_BYTES }, async (request, reply) => {
    if (guard(request.headers.authorization, reply)) return reply;
    const job = jobOf(request, reply);
    if (!job) return reply;
    const refused = bulk.upload(job, typeof request.body === 'string' ? request.body : '');
    return refused ? reply.code(409).send(refused) : reply.code(201).send();
  });
  app.patch(`${root}/:id`, async (request, reply) => {
    if (guard(request.headers.authorization, reply)) return reply;
    const job = jobOf(request, reply);
    if (!job) return reply;
    const refused = bulk.change(job, (request.body as { state?: unknown } | null)?.state);
    return refused ? reply.code(400).send(refused) : { ...job.info };
  });
  app.delete(`${root}/:id`, async (request, reply) => {
    if (guard(request.headers.authorization, reply)) return reply;
    const job = jobOf(request, reply);
    if (!job) return reply;
    if (job.info.state === 'Open' || job.info.state === 'InProgress')
      return reply
        .code(400)
        .send(refusal('INVALIDJOBSTATE', `Unable to delete a job that is ${job.info.state}`));
    bulk.jobs.delete(job.info.id);
    return reply.code(204).send();
  });
  // Salesforce documents the result paths with a trailing slash; jsforce asks without one.
  const results = {
    successfulResults: 'successful',
    failedResults: 'failed',
    unprocessedrecords: 'unprocessed',
  } as const;
  for (const [path, kind] of Object.entries(results))
    for (const url of [`${root}/:id/${path}`, `${root}/:id/${path}/`])
      app.get(url, async (request, reply) => {
        if (guard(request.headers.authorization, reply)) return reply;
        const job = jobOf(request, reply);
        if (!job) return reply;
        return reply.type('text/csv').send(bulk.results(job, kind));
      });
}
