import type { ActivationProvider, DestinationField, DestinationObject } from '@revlane/contracts';

/**
 * What an activation writes to (ADR 0033): one per provider, through the provider's own
 * client and batch APIs. The run engine (services/main/activations) owns the change set, the
 * outbox, pacing and retries; a destination only reads a schema and writes one batch.
 */

/** One record's change, values as exact text (`null`: the field is cleared). */
export interface DestinationChange {
  /** The match column's value: the destination's identifying field holds it. */
  key: string;
  /** The destination's own record id, when an earlier run learnt it. */
  destinationId: string | null;
  /** Destination field → value; a `clear` or `delete` carries the mapped fields as null. */
  values: Record<string, string | null>;
}

/**
 * `update`: existing records only (a key not found is a failed record, "not found");
 * `upsert`: created when not found; `delete`: the record is removed (not found counts as done).
 */
export type DestinationOperation = 'update' | 'upsert' | 'delete';

export interface DestinationBatch {
  orgId: string;
  object: string;
  /** The identifying field the keys are in (`Id`, an external id, `email`, …). */
  matchField: string;
  operation: DestinationOperation;
  changes: DestinationChange[];
  /** Every mapped field (a clear sends these as null; Sheets writes them as its columns). */
  fields: string[];
}

/** One record's answer, in the provider's words. */
export interface DestinationResult {
  key: string;
  ok: boolean;
  destinationId: string | null;
  /** "created", "updated", "deleted", or the provider's error text. */
  answer: string;
}

/**
 * A batch-wide refusal the engine retries: `retryAfterSeconds` from a 429's `Retry-After`
 * (or the provider's published window), transient for 5xx and network failures. Anything
 * else a destination throws fails the batch's records with its message.
 */
export class DestinationRetry extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/**
 * A batch's memory across a crash: a Salesforce Bulk 2.0 job id is saved before its data is
 * uploaded, so a resumed run looks the job up instead of creating another (ADR 0033).
 */
export interface BatchCheckpoint {
  read(): Promise<string | null>;
  write(value: string): Promise<void>;
}

export interface DestinationContext {
  /** Called before every HTTP request to the provider: waits for its rate limit and budget. */
  pace: () => Promise<void>;
  checkpoint: BatchCheckpoint;
  /** Keeps the batch's claim alive while a long job is polled. */
  heartbeat: () => Promise<void>;
}

/** What the destination holds now for a key (crash recovery compares before resending). */
export interface DestinationHeld {
  destinationId: string;
  values: Record<string, string | null>;
}

export interface Destination {
  readonly provider: ActivationProvider;
  /** Records per call (HubSpot 100, Salesforce 200 REST / 10,000 Bulk, Sheets: the whole tab). */
  batchSize(records: number): number;
  /** The objects the connection offers. */
  objects(orgId: string): Promise<DestinationObject[]>;
  /** An object's fields as its API describes them; unknown object → `null`. */
  fields(orgId: string, object: string): Promise<DestinationField[] | null>;
  /**
   * The records the destination holds for `keys` (by `matchField`), with `fields`' values as
   * text; keys not found are absent.
   */
  read(
    orgId: string,
    object: string,
    matchField: string,
    keys: string[],
    fields: string[],
    context: DestinationContext,
  ): Promise<Map<string, DestinationHeld>>;
  /** Writes one batch; one result per change, in any order. */
  write(batch: DestinationBatch, context: DestinationContext): Promise<DestinationResult[]>;
}

/**
 * The provider's published request limit (a rolling window), which the engine's pacer keeps
 * under and the sandbox fakes enforce.
 */
export interface RequestLimit {
  requests: number;
  windowMs: number;
}
