import type { FastifyInstance, FastifyPluginCallback } from 'fastify';
import { acceptFormBodies, FakeOAuth } from '../core/fake-oauth.js';

export const SANDBOX_SLACK_CHANNELS = 230;
/** A channel the sandbox bot was never invited to: posting there answers `not_in_channel`. */
export const SANDBOX_SLACK_CHANNEL_WITHOUT_BOT = 'CSBX00230';

/** @slack/web-api sends a form whose structured fields (blocks, metadata) are JSON text. */
const fromForm = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

/** A message as `conversations.history` answers it (metadata only when asked for). */
interface SlackMessage {
  type: 'message';
  user: string;
  bot_id: string;
  app_id: string;
  text: unknown;
  blocks: unknown;
  ts: string;
  metadata?: unknown;
}

const HISTORY_MAX_LIMIT = 999;

/** Each message's `ts` is unique within a channel, as Slack's are (it is the message's id). */
function messageClock() {
  let last = 0;
  return () => {
    last = Math.max(last + 1, Date.now() * 1000);
    return `${Math.floor(last / 1e6)}.${String(last % 1e6).padStart(6, '0')}`;
  };
}

/**
 * `conversations.history` as Slack answers it: newest first, `oldest`/`latest` bounds
 * (exclusive unless `inclusive`), `limit` and a `cursor` to the next page, and each message's
 * metadata only with `include_all_metadata`.
 */
function historyPage(messages: SlackMessage[], form: Record<string, string | undefined>) {
  const oldest = Number(form.oldest ?? 0);
  const latest = form.latest === undefined ? Infinity : Number(form.latest);
  const inclusive = form.inclusive === 'true' || form.inclusive === '1';
  const inRange = messages
    .filter((message) => {
      const ts = Number(message.ts);
      return inclusive ? ts >= oldest && ts <= latest : ts > oldest && ts < latest;
    })
    .reverse();
  const limit = Math.min(Number(form.limit ?? 100) || 100, HISTORY_MAX_LIMIT);
  const start = Number(Buffer.from(form.cursor ?? '', 'base64url').toString() || 0);
  const page = inRange.slice(start, start + limit);
  const hasMore = start + limit < inRange.length;
  const withMetadata = form.include_all_metadata === 'true' || form.include_all_metadata === '1';
  return {
    ok: true,
    messages: page.map(({ metadata, ...message }) =>
      withMetadata && metadata ? { ...message, metadata } : message,
    ),
    has_more: hasMore,
    pin_count: 0,
    response_metadata: {
      next_cursor: hasMore ? Buffer.from(String(start + limit)).toString('base64url') : '',
    },
  };
}

/** The sandbox workspace's public channels: #general, #sales, #alerts, then numbered ones. */
function slackChannels() {
  const named = ['general', 'sales', 'alerts', 'customer-success', 'revenue'];
  return Array.from({ length: SANDBOX_SLACK_CHANNELS }, (_, i) => ({
    id: `CSBX${String(i + 1).padStart(5, '0')}`,
    name: named[i] ?? `team-${String(i + 1).padStart(3, '0')}`,
    is_channel: true,
    is_private: false,
    is_archived: false,
  }));
}

/**
 * A local Slack workspace (docs/architecture.md §6, Connections) as @slack/web-api talks to
 * it: the OAuth v2 install page and `oauth.v2.access`, `conversations.list` paged by
 * `response_metadata.next_cursor`, `chat.postMessage` (recorded with its blocks and metadata, see `/received`),
 * `conversations.history` (paged, `oldest`, metadata with `include_all_metadata`: how a sender
 * finds out after a crash whether its message went out, ADR 0023), `auth.revoke`, Slack's
 * `{ ok: false, error }` envelope and 429 with Retry-After.
 */
export function slackFake(oauth: FakeOAuth): FastifyPluginCallback {
  return (app: FastifyInstance, _options, done) => {
    acceptFormBodies(app);
    const channels = slackChannels();
    const history = new Map<string, SlackMessage[]>();
    const nextTs = messageClock();
    /** The channel the bot may read and write, or Slack's error for it. */
    const memberChannel = (id: unknown) => {
      const channel = channels.find((candidate) => candidate.id === id);
      if (!channel) return { ok: false as const, error: 'channel_not_found' };
      if (channel.id === SANDBOX_SLACK_CHANNEL_WITHOUT_BOT)
        return { ok: false as const, error: 'not_in_channel' };
      return channel;
    };
    oauth.consentRoutes(app, '/oauth/v2/authorize', 'Slack');
    app.post('/api/oauth.v2.access', (request) => {
      const form = request.body as Record<string, string | undefined>;
      if (!oauth.isClient(form)) return { ok: false, error: 'invalid_client_id' };
      const issued = oauth.redeem(form);
      if (!issued) return { ok: false, error: 'invalid_code' };
      return {
        ok: true,
        access_token: issued.accessToken,
        token_type: 'bot',
        scope: 'chat:write,channels:read,groups:read,channels:history,groups:history',
        bot_user_id: 'USBXBOT',
        app_id: 'ASBX',
        team: { id: 'TSBX', name: 'Revlane Sandbox' },
        enterprise: null,
        is_enterprise_install: false,
      };
    });
    const authorized = (authorization: string | undefined) => oauth.isAuthorized(authorization);
    app.post('/api/auth.revoke', (request) => {
      if (!authorized(request.headers.authorization)) return { ok: false, error: 'invalid_auth' };
      oauth.record('revoke', {}, request.headers.authorization);
      oauth.revoke(request.headers.authorization!.replace(/^Bearer /i, ''));
      return { ok: true, revoked: true };
    });
    app.post('/api/conversations.list', async (request, reply) => {
      if (!authorized(request.headers.authorization)) return { ok: false, error: 'invalid_auth' };
      if (oauth.throttled(reply, { ok: false, error: 'ratelimited' })) return reply;
      const form = (request.body ?? {}) as Record<string, string | undefined>;
      const limit = Math.min(Number(form.limit ?? 100) || 100, 1000);
      const start = Number(Buffer.from(form.cursor ?? '', 'base64url').toString() || 0);
      const next =
        start + limit < channels.length
          ? Buffer.from(String(start + limit)).toString('base64url')
          : '';
      return {
        ok: true,
        channels: channels.slice(start, start + limit),
        response_metadata: { next_cursor: next },
      };
    });
    app.post('/api/conversations.history', async (request, reply) => {
      if (!authorized(request.headers.authorization)) return { ok: false, error: 'invalid_auth' };
      if (oauth.throttled(reply, { ok: false, error: 'ratelimited' })) return reply;
      const form = (request.body ?? {}) as Record<string, string | undefined>;
      const channel = memberChannel(form.channel);
      if ('error' in channel) return channel;
      return historyPage(history.get(channel.id) ?? [], form);
    });
    app.post('/api/chat.postMessage', async (request, reply) => {
      if (!authorized(request.headers.authorization)) return { ok: false, error: 'invalid_auth' };
      if (oauth.throttled(reply, { ok: false, error: 'ratelimited' })) return reply;
      const form = (request.body ?? {}) as Record<string, unknown>;
      const channel = memberChannel(form.channel);
      if ('error' in channel) return channel;
      const ts = nextTs();
      const message: SlackMessage = {
        type: 'message',
        user: 'USBXBOT',
        bot_id: 'BSBX',
        app_id: 'ASBX',
        text: form.text,
        blocks: fromForm(form.blocks),
        ts,
        ...(form.metadata ? { metadata: fromForm(form.metadata) } : {}),
      };
      history.set(channel.id, [...(history.get(channel.id) ?? []), message]);
      oauth.record(
        'chat.postMessage',
        {
          channel: form.channel,
          text: form.text,
          blocks: message.blocks,
          metadata: message.metadata,
          ts,
        },
        request.headers.authorization,
      );
      // Accepted and recorded: a slow answer lets a test kill the app before it hears it.
      await oauth.answerDelay();
      return { ok: true, channel: form.channel, ts };
    });
    done();
  };
}

/**
 * Slack bot tokens do not expire unless rotation is on: the sandbox's live a year, and are
 * signed, so a restarted app still accepts them (ADR 0025).
 */
export const newSlackOAuth = (clientId: string, clientSecret: string) =>
  new FakeOAuth('slack', clientId, clientSecret, {
    accessTtlSeconds: 365 * 86_400,
    signedAccess: true,
  });
