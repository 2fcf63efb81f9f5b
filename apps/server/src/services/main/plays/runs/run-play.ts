import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../../platform/database/database.js';
import type { ActionOutcome } from '../../../../integrations/index.js';
import { ITEM_MAX_ATTEMPTS, ITEM_TRIES_PER_JOB } from './play-jobs.js';
import { sendAction, type ActionSenders, type PlayForRun } from './send-action.js';
import {
  claimItems,
  finishItems,
  renewClaims,
  settleRun,
  type ClaimedItem,
  type ItemOutcome,
  type PlayRunItemRecord,
} from './runs.repository.js';

export interface RunDeps {
  db: Database;
  log: FastifyBaseLogger;
  senders: ActionSenders;
  loadPlay: (runId: string) => Promise<PlayForRun | null>;
  sleep: (ms: number) => Promise<void>;
  /** Webhooks sent at once; a Slack channel gets one message per `slackIntervalMs`. */
  concurrency: number;
  slackIntervalMs: number;
  /** A claim on items lasts this long, renewed every third of it while the batch is sent. */
  leaseMs: number;
  /** Runs after the provider accepted, before the item is marked (tests crash here). */
  afterSend?: (item: PlayRunItemRecord) => void;
}

const CLAIM_BATCH = 500;
/** Answers are recorded together: this many at most, none waiting longer than the pause. */
const MARK_BATCH = 100;
const MARK_PAUSE_MS = 50;
const BACKOFF_BASE_MS = 250;
const RATE_LIMIT_WAIT_MAX_SECONDS = 60;

/**
 * Sends a run's pending items and settles it (ADR 0024): each item is tried with backoff
 * (a `Retry-After` wins), a permanent error fails it and the run goes on. Items still pending
 * after this job's tries make the job throw, so the queue retries it later. Slack messages go
 * one at a time per channel, paced at Slack's one per second; a sheet tab's rows one at a time.
 */
export async function runPlay(deps: RunDeps, runId: string): Promise<void> {
  const play = await deps.loadPlay(runId);
  if (!play) return;
  let leftPending = 0;
  for (;;) {
    const items = await claimItems(deps.db, runId, new Date(), deps.leaseMs, CLAIM_BATCH);
    if (items.length === 0) break;
    const lanes = new Map<string, { intervalMs: number; items: ClaimedItem[] }>();
    const parallel: ClaimedItem[] = [];
    for (const item of items) {
      const lane = laneOf(play, item, deps.slackIntervalMs);
      if (!lane) parallel.push(item);
      else {
        const queue = lanes.get(lane.key) ?? { intervalMs: lane.intervalMs, items: [] };
        queue.items.push(item);
        lanes.set(lane.key, queue);
      }
    }
    const unfinished = new Set(items.map((item) => item.id));
    const marks = markBuffer(deps.db);
    const finish = async (item: ClaimedItem) => {
      const outcome = await sendItem(deps, play, item);
      if (outcome.status === 'pending') leftPending += 1;
      await marks.add(outcome);
      unfinished.delete(item.id);
    };
    // Items waiting in a lane (a Slack channel: one a second) outlive one lease: renewed.
    const renewal = setInterval(() => {
      renewClaims(deps.db, [...unfinished], new Date(Date.now() + deps.leaseMs)).catch(
        (error: unknown) => deps.log.warn({ runId, err: error }, 'play items lease not renewed'),
      );
    }, deps.leaseMs / 3);
    await Promise.all([
      pool(parallel, deps.concurrency, finish),
      ...[...lanes.values()].map(async (lane) => {
        for (const [index, item] of lane.items.entries()) {
          if (index > 0 && lane.intervalMs > 0) await deps.sleep(lane.intervalMs);
          await finish(item);
        }
      }),
    ]).finally(() => clearInterval(renewal));
    await marks.flush();
    if (leftPending > 0) break;
  }
  const status = await settleRun(deps.db, runId);
  deps.log.info({ runId, status }, 'play run settled');
  if (leftPending > 0) throw new Error(`Play run ${runId}: ${leftPending} items to retry`);
}

/**
 * Items that go one at a time: a Slack channel's, paced at Slack's one message a second, and a
 * sheet tab's (its key column is read before each append, ADR 0024). Others go in parallel.
 */
function laneOf(play: PlayForRun, item: ClaimedItem, slackIntervalMs: number) {
  const action = play.actions.find((candidate) => candidate.id === item.actionId);
  if (action?.type === 'slack_message')
    return { key: `slack:${action.channel}`, intervalMs: slackIntervalMs };
  if (action?.type === 'google_sheet_append')
    return { key: `sheet:${action.spreadsheetId}:${action.tab}`, intervalMs: 0 };
  return null;
}

/**
 * Items' answers written in batches (one statement for up to `MARK_BATCH`, at most
 * `MARK_PAUSE_MS` late). A crash in between leaves those items claimed: they are sent again
 * with the same key once the lease lapses, which the receivers recognise (ADR 0024).
 */
function markBuffer(db: RunDeps['db']) {
  let pending: ItemOutcome[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing = Promise.resolve();
  /** A failed write fails the job (its items are sent again), after the other writes. */
  let failure: Error | null = null;
  const flush = async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = pending;
    pending = [];
    writing = writing.then(() =>
      finishItems(db, batch).catch((error: unknown) => {
        failure ??= error as Error;
      }),
    );
    await writing;
    if (failure) throw failure;
  };
  return {
    flush,
    add(outcome: ItemOutcome) {
      pending.push(outcome);
      if (pending.length >= MARK_BATCH) return flush();
      timer ??= setTimeout(() => void flush().catch(() => {}), MARK_PAUSE_MS);
      return Promise.resolve();
    },
  };
}

async function sendItem(deps: RunDeps, play: PlayForRun, item: ClaimedItem): Promise<ItemOutcome> {
  let outcome: ActionOutcome = { kind: 'transient', error: 'not tried' };
  let tries = 0;
  while (tries < ITEM_TRIES_PER_JOB) {
    tries += 1;
    // An earlier try may have reached the provider (a timeout, or a worker killed after it).
    const mayHaveSent = tries > 1 || item.attempts > 0 || item.claimedBefore;
    outcome = await sendAction(deps.senders, play, item, mayHaveSent).catch(
      (error: unknown): ActionOutcome => ({
        kind: 'transient',
        error: (error as Error).message,
      }),
    );
    if (outcome.kind === 'sent' || outcome.kind === 'permanent') break;
    if (tries >= ITEM_TRIES_PER_JOB) break;
    if (outcome.kind === 'rate-limited') {
      if (outcome.retryAfterSeconds > RATE_LIMIT_WAIT_MAX_SECONDS) break;
      await deps.sleep(outcome.retryAfterSeconds * 1000);
    } else {
      await deps.sleep(BACKOFF_BASE_MS * 2 ** (tries - 1) * (1 + Math.random() / 2));
    }
  }
  if (outcome.kind === 'sent') deps.afterSend?.(item);
  const exhausted = item.attempts + tries >= ITEM_MAX_ATTEMPTS;
  const status =
    outcome.kind === 'sent'
      ? 'succeeded'
      : outcome.kind === 'permanent' || exhausted
        ? 'failed'
        : 'pending';
  return {
    id: item.id,
    status,
    attempts: tries,
    error: outcome.kind === 'sent' ? null : outcome.error,
    externalId: outcome.kind === 'sent' ? outcome.externalId : null,
  };
}

/** Runs `work` over `items`, at most `size` at a time. */
async function pool<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}
