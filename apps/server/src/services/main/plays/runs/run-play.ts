import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../../platform/database/database.js';
import { waitForSlot, type Pacer } from '../../../../platform/pacing/index.js';
import type { ActionOutcome } from '../../../../integrations/index.js';
import { nextAttemptAt } from '../../../../platform/delivery/retry-schedule.js';
import { sendAction, type ActionSenders, type PlayForRun } from './send-action.js';
import type { DeliveriesFailed } from '../../../../platform/events/app-events.js';
import { providerLane } from '../../activations/runs/pacer.js';
import {
  claimItems,
  finishItems,
  firstFailure,
  nextDueAt,
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
  /** Webhooks sent at once; a Slack channel's or a sheet tab's items go one at a time. */
  concurrency: number;
  /**
   * The send slots every process shares (ADR 0035): HubSpot tasks take the organization's
   * HubSpot lane, which activation runs use too. Slack channels are paced by the Slack sender.
   */
  pacer: Pacer;
  /** A claim on items lasts this long, renewed every third of it while the batch is sent. */
  leaseMs: number;
  /** Seconds between an item's attempts (`DELIVERY_RETRY_SCHEDULE`); its length + 1 tries. */
  retryScheduleSeconds: readonly number[];
  /** Runs after the provider accepted, before the item is marked (tests crash here). */
  afterSend?: (item: PlayRunItemRecord) => void;
  /** Told when a run settles with items failed for good (the admins' notice). */
  onFailed: (event: DeliveriesFailed) => Promise<void>;
}

const CLAIM_BATCH = 500;
/** Answers are recorded together: this many at most, none waiting longer than the pause. */
const MARK_BATCH = 100;
const MARK_PAUSE_MS = 10;
/** A retry due this soon is waited for in the job; later ones wait for the minute's tick. */
const WAIT_IN_JOB_MS = 30_000;

/**
 * Sends a run's due items and settles it (ADR 0024): each item is tried once per claim; a
 * transient failure leaves it pending until its next attempt on `DELIVERY_RETRY_SCHEDULE`
 * (a longer `Retry-After` wins), a permanent one fails it and the run goes on. The job waits
 * for retries due within 30 s; the minute's tick queues the run again for later ones, so the
 * run stays `running` until no item is pending. Slack messages go one at a time per channel
 * (the sender paces the channel at Slack's one per second, across processes); a sheet tab's
 * rows one at a time.
 */
export async function runPlay(deps: RunDeps, runId: string): Promise<void> {
  const play = await deps.loadPlay(runId);
  if (!play) return;
  for (;;) {
    const items = await claimItems(deps.db, runId, new Date(), deps.leaseMs, CLAIM_BATCH);
    if (items.length === 0) {
      const due = await nextDueAt(deps.db, runId);
      const wait = due ? due.getTime() - Date.now() : Infinity;
      if (wait > WAIT_IN_JOB_MS) break;
      await deps.sleep(Math.max(wait, 50));
      continue;
    }
    const lanes = new Map<string, ClaimedItem[]>();
    const parallel: ClaimedItem[] = [];
    for (const item of items) {
      const lane = laneOf(play, item);
      if (!lane) parallel.push(item);
      else {
        const queue = lanes.get(lane) ?? [];
        queue.push(item);
        lanes.set(lane, queue);
      }
    }
    const unfinished = new Set(items.map((item) => item.id));
    const marks = markBuffer(deps.db);
    const finish = async (item: ClaimedItem) => {
      await marks.add(await sendItem(deps, play, item));
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
        for (const item of lane) await finish(item);
      }),
    ]).finally(() => clearInterval(renewal));
    await marks.flush();
  }
  const { status, counts, settled } = await settleRun(deps.db, runId);
  deps.log.info({ runId, status }, 'play run settled');
  if (settled && counts.failed > 0)
    await deps.onFailed({
      orgId: play.orgId,
      what: 'play',
      name: play.name,
      failed: counts.failed,
      firstError: await firstFailure(deps.db, runId),
      link: `/app/plays/${play.id}?run=${runId}`,
      key: `play-run:${runId}:${new Date().toISOString()}`,
    });
}

/**
 * Items that go one at a time: a Slack channel's (each waits for the channel's next slot, so
 * one run holds one slot of a channel at a time) and a sheet tab's (its key column is read
 * before each append, ADR 0024). Others go in parallel.
 */
function laneOf(play: PlayForRun, item: ClaimedItem): string | null {
  const action = play.actions.find((candidate) => candidate.id === item.actionId);
  if (action?.type === 'slack_message') return `slack:${action.channel}`;
  if (action?.type === 'google_sheet_append') return `sheet:${action.spreadsheetId}:${action.tab}`;
  return null;
}

/** A HubSpot task is two calls (the key's search, the create) of the lane's allowance. */
const HUBSPOT_TASK_CALLS = 2;

/**
 * Waits for the organization's HubSpot slot before a HubSpot task (ADR 0035): plays and
 * activation runs share HubSpot's 190 calls per 10 s. Answers "rate limited" when the lane
 * is booked too far ahead: the item is tried again later, as after a 429.
 */
async function waitForProvider(
  deps: RunDeps,
  play: PlayForRun,
  item: ClaimedItem,
): Promise<ActionOutcome | null> {
  const action = play.actions.find((candidate) => candidate.id === item.actionId);
  const lane = action?.type === 'hubspot_task' ? providerLane(play.orgId, 'hubspot') : null;
  if (!lane) return null;
  const slot = await waitForSlot(
    deps.pacer,
    lane.key,
    lane.spacingMs * HUBSPOT_TASK_CALLS,
    deps.sleep,
  );
  if (slot.taken) return null;
  return {
    kind: 'rate-limited',
    retryAfterSeconds: Math.ceil(slot.retryAfterMs / 1000),
    error: 'HubSpot calls are booked ahead (activation runs or other plays are sending)',
  };
}

/**
 * Items' answers written in batches: one statement for up to `MARK_BATCH`, at most
 * `MARK_PAUSE_MS` late. `add` resolves once its answer is written, and a sender takes its
 * next item only then: a kill -9 repeats at most the requests in flight, one per sender
 * (the concurrency), each with its key, which the receivers recognise (ADR 0024).
 */
function markBuffer(db: RunDeps['db']) {
  let pending: ItemOutcome[] = [];
  let scheduled: Promise<void> | null = null;
  let writing = Promise.resolve();
  /** A failed write fails the job (its items are sent again), after the other writes. */
  let failure: Error | null = null;
  const flush = async () => {
    scheduled = null;
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
    add(outcome: ItemOutcome): Promise<void> {
      pending.push(outcome);
      if (pending.length >= MARK_BATCH) return flush();
      scheduled ??= new Promise((resolve) => setTimeout(resolve, MARK_PAUSE_MS)).then(flush);
      return scheduled;
    },
  };
}

async function sendItem(deps: RunDeps, play: PlayForRun, item: ClaimedItem): Promise<ItemOutcome> {
  // An earlier try may have reached the provider (a timeout, a worker killed after it, or a
  // resent item's last round).
  const mayHaveSent = item.attempts > 0 || item.claimedBefore || item.error !== null;
  const send = async () =>
    (await waitForProvider(deps, play, item)) ?? sendAction(deps.senders, play, item, mayHaveSent);
  const outcome = await send().catch((error: unknown): ActionOutcome => ({
    kind: 'transient',
    error: (error as Error).message,
  }));
  const answered = { id: item.id, attempts: 1, nextAttemptAt: null };
  if (outcome.kind === 'sent') {
    deps.afterSend?.(item);
    return { ...answered, status: 'succeeded', error: null, externalId: outcome.externalId };
  }
  const retryAt =
    outcome.kind === 'permanent'
      ? null
      : nextAttemptAt(
          deps.retryScheduleSeconds,
          item.attempts + 1,
          new Date(),
          outcome.kind === 'rate-limited' ? outcome.retryAfterSeconds : 0,
        );
  return {
    ...answered,
    status: retryAt ? 'pending' : 'failed',
    error: outcome.error,
    externalId: null,
    nextAttemptAt: retryAt,
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
