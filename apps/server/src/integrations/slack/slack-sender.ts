import { ErrorCode, type MessageMetadata, type WebClient } from '@slack/web-api';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { ConnectionSession, RECONNECT_MESSAGE } from '../core/connection-session.js';
import { findConnection, updateConnection } from '../core/connections.repository.js';
import { PACING_MAX_WAIT_MS, waitForSlot, type Pacer } from '../../platform/pacing/index.js';
import { slackClient } from './slack-provider.js';
import { findPostedMessage, idempotencyKeyOf } from './slack-posted-lookup.js';

type App = Pick<FastifyInstance, 'db' | 'secrets' | 'config'>;

/** A message for one channel of the organization's workspace (Block Kit, fallback text). */
export interface SlackPost {
  channel: string;
  /** The fallback notifications and screen readers use; always required by Slack. */
  text: string;
  blocks?: object[];
  /** Slack message metadata: lets whoever reads the channel recognise a resend (ADR 0023). */
  metadata?: MessageMetadata;
}

export type SlackSendResult =
  /** `alreadyPosted`: an earlier attempt's message was found in the channel, none was sent now. */
  | { kind: 'sent'; ts: string | null; alreadyPosted?: boolean }
  /** No Slack connection, or one that needs reconnecting: nothing was sent. */
  | { kind: 'not-connected'; error: string }
  /** Still rate limited after the waits this call allows: try again after that long. */
  | { kind: 'rate-limited'; retryAfterSeconds: number; error: string }
  /** A retry cannot fix it (ADR 0025): show the error, do not retry. */
  | { kind: 'permanent'; error: string }
  | { kind: 'transient'; error: string };

/** Errors a retry cannot fix: shown where the message was meant to go, never retried. */
export const PERMANENT_SLACK_ERRORS = new Set([
  'channel_not_found',
  'not_in_channel',
  'invalid_auth',
  'account_inactive',
  'token_revoked',
  'is_archived',
  'msg_too_long',
  'no_text',
  'invalid_blocks',
]);

/** Errors that say the saved authorization is gone: the connection turns `reconnect_needed`. */
const AUTHORIZATION_ERRORS = new Set(['invalid_auth', 'account_inactive', 'token_revoked']);

export const SLACK_NOT_CONNECTED = 'Slack is not connected';

/** Slack's limit for posting: one message a second per channel (short bursts aside). */
export const SLACK_CHANNEL_SPACING_MS = 1_000;

export interface SlackSenderOptions {
  log?: FastifyBaseLogger;
  /** Injected so tests do not wait out a real Retry-After. */
  sleep?: (ms: number) => Promise<void>;
  /** 429s waited out (by their Retry-After) within one call before giving the result back. */
  rateLimitWaits?: number;
  /** A longer Retry-After than this is not waited out within the call. */
  maxWaitSeconds?: number;
  /**
   * Paces each channel at `SLACK_CHANNEL_SPACING_MS` across every process (ADR 0035): a post
   * waits for the channel's next slot. Plays and alert deliveries share the channel's lane.
   */
  pacer?: Pacer;
  /** A channel slot further ahead than this is answered "rate limited"; default 30 s. */
  maxPacingWaitMs?: number;
}

export interface SlackPostOptions {
  rateLimitWaits?: number;
  /**
   * An earlier attempt of this message started at this moment and may have reached Slack
   * (a worker killed before it recorded the answer): the channel's history since then is
   * searched for the metadata's idempotency key first, and a message found is not sent again.
   */
  earlierAttemptSince?: Date;
}

export interface SlackSender {
  post(orgId: string, post: SlackPost, options?: SlackPostOptions): Promise<SlackSendResult>;
}

/** The organization's Slack bot client, or null while Slack is not connected. */
export async function openSlackClient(
  app: App,
  orgId: string,
  clientOptions?: Parameters<typeof slackClient>[2],
): Promise<WebClient | null> {
  const record = await findConnection(app.db, orgId, 'slack');
  if (!record?.sealedTokens || record.status !== 'connected') return null;
  const settings = app.config.connections.slack;
  const session = new ConnectionSession(app, record, settings);
  return slackClient(settings, (await session.current()).accessToken, clientOptions);
}

/**
 * The one way the app posts to an organization's Slack workspace (ADR 0025): the Slack
 * connection's bot token through @slack/web-api, each channel paced at one message a second
 * across processes when given a pacer (ADR 0035), 429s waited out by their Retry-After
 * (bounded, so a queue job does not hang), and every failure classified so callers (alert
 * deliveries, plays) can retry, give up, or show it. Tokens never leave this module.
 */
export function slackSender(app: App, options: SlackSenderOptions = {}): SlackSender {
  const sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  const maxWaitSeconds = options.maxWaitSeconds ?? 60;
  const log = options.log;
  return {
    async post(orgId, post, callOptions) {
      const waits = callOptions?.rateLimitWaits ?? options.rateLimitWaits ?? 2;
      // The sender waits itself, so the client must hand 429s back rather than retry them.
      // No retries of its own either: a caller with an outbox decides when to try again.
      const client = await openSlackClient(app, orgId, {
        rejectRateLimitedCalls: true,
        retryConfig: { retries: 0 },
      });
      if (!client) return { kind: 'not-connected', error: SLACK_NOT_CONNECTED };
      let busyChannel = false;
      /** Waits for the channel's slot; a refusal is handed back at once, not waited out here. */
      const waitForChannel = async (): Promise<SlackSendResult | null> => {
        if (!options.pacer) return null;
        const slot = await waitForSlot(
          options.pacer,
          `slack:${orgId}:${post.channel}`,
          SLACK_CHANNEL_SPACING_MS,
          sleep,
          { maxWaitMs: options.maxPacingWaitMs ?? PACING_MAX_WAIT_MS },
        );
        if (slot.taken) return null;
        busyChannel = true;
        const seconds = Math.ceil(slot.retryAfterMs / 1000);
        return {
          kind: 'rate-limited',
          retryAfterSeconds: seconds,
          error: `channel busy: its messages are booked ${seconds} s ahead`,
        };
      };
      for (let waited = 0; ; waited += 1) {
        const result = await reconcileOrPost(
          client,
          post,
          callOptions?.earlierAttemptSince,
          log,
          waitForChannel,
        );
        if (result.kind === 'permanent' && AUTHORIZATION_ERRORS.has(result.error)) {
          await updateConnection(app.db, orgId, 'slack', {
            status: 'reconnect_needed',
            lastError: RECONNECT_MESSAGE('Slack'),
          });
        }
        if (result.kind !== 'rate-limited' || busyChannel) return result;
        if (waited >= waits || result.retryAfterSeconds > maxWaitSeconds) return result;
        options.log?.info({ orgId, retryAfter: result.retryAfterSeconds }, 'slack rate limit');
        await sleep(result.retryAfterSeconds * 1000);
      }
    },
  };
}

/**
 * Posts, unless an earlier attempt's message is already in the channel (ADR 0023). A
 * connection made before the history scopes were asked for cannot look (`missing_scope`):
 * then the message is sent again, at least once rather than never, and the log says so.
 * Only a post waits for the channel's slot (`waitForChannel`; its refusal is the answer).
 */
async function reconcileOrPost(
  client: WebClient,
  post: SlackPost,
  earlierAttemptSince: Date | undefined,
  log: FastifyBaseLogger | undefined,
  waitForChannel: () => Promise<SlackSendResult | null>,
): Promise<SlackSendResult> {
  const key = idempotencyKeyOf(post.metadata);
  if (earlierAttemptSince && key) {
    try {
      const found = await findPostedMessage(client, post.channel, key, earlierAttemptSince);
      if (found) return { kind: 'sent', ts: found.ts, alreadyPosted: true };
    } catch (error) {
      const result = classify(error);
      const missingScope = result.kind === 'transient' && result.error === 'missing_scope';
      if (!missingScope) return result;
      log?.warn(
        { channel: post.channel },
        'slack history not readable (reconnect Slack): resending',
      );
    }
  }
  return (await waitForChannel()) ?? postOnce(client, post);
}

async function postOnce(client: WebClient, post: SlackPost): Promise<SlackSendResult> {
  try {
    const answer = await client.chat.postMessage({
      channel: post.channel,
      text: post.text,
      ...(post.blocks ? { blocks: post.blocks as never } : {}),
      ...(post.metadata ? { metadata: post.metadata } : {}),
    });
    return { kind: 'sent', ts: answer.ts ?? null };
  } catch (error) {
    return classify(error);
  }
}

/** @slack/web-api's coded errors as what the caller should do about them. */
export function classify(error: unknown): SlackSendResult {
  const coded = error as { code?: string; retryAfter?: number; data?: { error?: string } };
  if (coded.code === ErrorCode.RateLimitedError) {
    const seconds = coded.retryAfter ?? 1;
    return {
      kind: 'rate-limited',
      retryAfterSeconds: seconds,
      error: `rate limited (Retry-After ${seconds} s)`,
    };
  }
  if (coded.code === ErrorCode.PlatformError) {
    const code = coded.data?.error ?? 'unknown_error';
    return PERMANENT_SLACK_ERRORS.has(code)
      ? { kind: 'permanent', error: code }
      : { kind: 'transient', error: code };
  }
  return { kind: 'transient', error: (error as Error).message };
}
