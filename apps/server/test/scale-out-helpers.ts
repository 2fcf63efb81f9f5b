import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_AUDIENCE } from '@revlane/contracts';
import { Browser, pkcePair, randomState } from '../src/idp/__tests__/browser.js';
import { withAdminClient } from './database.js';

const TUS = { 'tus-resumable': '1.0.0' };

/**
 * Signs in to the embedded identity provider as a browser would (authorization code + PKCE
 * over plain HTTP), every request going to `web` itself, not through the balancer: the
 * provider's redirects name APP_URL (`appUrl`), and are followed on `web`. Answers the
 * access token.
 */
export async function signInThrough(
  web: string,
  appUrl: string,
  email: string,
  password: string,
): Promise<string> {
  const browser = new Browser(web);
  const pinned = (url: URL) => new URL(`${url.pathname}${url.search}`, web);
  const { verifier, challenge } = pkcePair();
  const state = randomState();
  const redirectUri = `${appUrl}/`;
  const authorize = new URL(`${web}/idp/authorize`);
  for (const [key, value] of Object.entries({
    client_id: 'revlane-web',
    redirect_uri: redirectUri,
    scope: 'openid profile email offline_access',
    audience: API_AUDIENCE,
    response_type: 'code',
    response_mode: 'query',
    state,
    nonce: randomState(),
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }))
    authorize.searchParams.set(key, value);
  const started = await browser.fetch(authorize.toString());
  const interaction = /^\/idp\/interaction\/([\w-]+)$/.exec(Browser.location(started).pathname);
  if (started.status !== 303 || !interaction)
    throw new Error(`authorize answered ${started.status} ${started.headers.get('location')}`);
  const login = await browser.fetch(`/idp/interaction/${interaction[1]}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status} ${await login.text()}`);
  const { data } = (await login.json()) as { data: { redirectTo: string } };
  let url = new URL(data.redirectTo, web);
  for (let hops = 0; hops < 5 && url.pathname.startsWith('/idp/'); hops += 1)
    url = Browser.location(await browser.fetch(pinned(url).toString()));
  const code = url.searchParams.get('code');
  if (!code || url.searchParams.get('state') !== state)
    throw new Error(`the sign-in ended at ${url.pathname}${url.search}`);
  const token = await fetch(`${web}/idp/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: 'revlane-web',
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
      audience: API_AUDIENCE,
    }).toString(),
  });
  const body = (await token.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`token answered ${token.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

/**
 * A tus 1.0 upload of `bytes` named `fileName`: the creation on `bases[0]`, then `chunks`
 * PATCHes, the n-th on `bases[n % bases.length]` (each base a web process or the balancer).
 * Answers the CSV source and the sync the last PATCH started.
 */
export async function tusUpload(
  bases: readonly string[],
  token: string,
  fileName: string,
  bytes: Buffer,
  chunks: number,
): Promise<{ sourceId: string; syncId: string }> {
  const auth = { ...TUS, authorization: `Bearer ${token}` };
  const created = await fetch(`${bases[0]}/transfer/files`, {
    method: 'POST',
    headers: {
      ...auth,
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${Buffer.from(fileName).toString('base64')}`,
    },
  });
  if (created.status !== 201)
    throw new Error(`tus POST: ${created.status} ${await created.text()}`);
  const location = new URL(created.headers.get('location')!, bases[0]).pathname;
  const size = Math.ceil(bytes.length / chunks);
  let last: Response | undefined;
  for (let n = 0, offset = 0; offset < bytes.length; n += 1, offset += size) {
    const base = bases[n % bases.length]!;
    last = await fetch(`${base}${location}`, {
      method: 'PATCH',
      headers: {
        ...auth,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: bytes.subarray(offset, offset + size),
    });
    if (last.status !== 204)
      throw new Error(`tus PATCH ${n} on ${base}: ${last.status} ${await last.text()}`);
  }
  return {
    sourceId: last!.headers.get('revlane-source-id')!,
    syncId: last!.headers.get('revlane-sync-id')!,
  };
}

export interface KeyedDelivery {
  key: string;
  recordId: string;
  at: number;
}

/**
 * A webhook receiver on 127.0.0.1 that records every request by its idempotency key
 * (`webhook-id`): `arrived` when it came, `acknowledged` once it was answered 200 on a
 * connection still open (what the receiver acted on). Only the first `answerFirst` are
 * answered at once; later ones are held, unanswered, until `release()` (a sender killed
 * meanwhile sends them again).
 */
export async function startKeyedReceiver({
  answerFirst = Infinity,
}: { answerFirst?: number } = {}) {
  const arrived: KeyedDelivery[] = [];
  const acknowledged: KeyedDelivery[] = [];
  /** Held requests by key, with their connection. */
  const held = new Map<string, IncomingMessage>();
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let answered = 0;
  const answer = async (request: IncomingMessage, response: ServerResponse, text: string) => {
    const key = String(request.headers['webhook-id'] ?? '');
    let recordId = '';
    try {
      recordId = String((JSON.parse(text) as { data: { recordId: string } }).data.recordId);
    } catch {
      response.writeHead(400).end();
      return;
    }
    arrived.push({ key, recordId, at: Date.now() });
    if (answered >= answerFirst) {
      held.set(key, request);
      await released;
      held.delete(key);
    } else answered += 1;
    if (response.destroyed || request.socket.destroyed) return;
    acknowledged.push({ key, recordId, at: Date.now() });
    response.writeHead(200).end();
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => void answer(request, response, Buffer.concat(chunks).toString()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    arrived,
    acknowledged,
    /** Keys waiting for an answer now. */
    held: () => [...held.keys()],
    /** How many held requests still have their connection (a killed sender's are closed). */
    heldOpen: () => [...held.values()].filter((request) => !request.socket.destroyed).length,
    /** The client-side ports of the held requests still open: whose sockets they are says who sends. */
    heldPorts: () =>
      [...held.values()]
        .filter((request) => !request.socket.destroyed)
        .map((request) => request.socket.remotePort!),
    release: () => release(),
    /** Keys acknowledged more than once: a second send of a delivery already acted on. */
    duplicates: () => {
      const seen = new Set<string>();
      return acknowledged.filter(({ key }) => seen.has(key) || !seen.add(key)).map((d) => d.key);
    },
    close: () =>
      new Promise<void>((resolve) => {
        release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface WorkerActivity {
  /** The process's `application_name` (each names its connections in its database URL). */
  process: string;
  state: string;
  query: string;
  /** Milliseconds since the statement started. */
  ageMs: number;
}

/**
 * What every worker connection is running or last ran, as an operator would look it up in
 * `pg_stat_activity`: which process is doing some work.
 */
export function workerActivity(adminUrl: string, database: string): Promise<WorkerActivity[]> {
  return withAdminClient(adminUrl, async (client) => {
    const { rows } = await client.query<WorkerActivity>(
      `SELECT application_name AS process, coalesce(state, '') AS state, query,
              (extract(epoch FROM now() - query_start) * 1000)::int AS "ageMs"
         FROM pg_stat_activity
        WHERE datname = $1 AND application_name LIKE 'revlane-worker-%'`,
      [database],
    );
    return rows;
  });
}

/** The one process among `activity` whose statements `matches` picks, if exactly one. */
export function theOneDoing(
  activity: readonly WorkerActivity[],
  matches: (row: WorkerActivity) => boolean,
): string | undefined {
  const found = new Set(activity.filter(matches).map((row) => row.process));
  return found.size === 1 ? [...found][0]!.replace(/^revlane-/, '') : undefined;
}

/**
 * The process (by pid) owning a TCP socket bound to one of `localPorts` on this machine:
 * the sender of a held request is the process at the other end of its connection (Linux's
 * /proc: a socket's inode in /proc/net/tcp, and the pid whose descriptors link to it).
 */
export function pidOwningPort(pids: readonly number[], localPorts: readonly number[]) {
  const ports = new Set(localPorts);
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const port = Number.parseInt(fields[1]?.split(':')[1] ?? '', 16);
      if (ports.has(port) && fields[9]) inodes.add(fields[9]);
    }
  }
  return pids.find((pid) => {
    try {
      return readdirSync(`/proc/${pid}/fd`).some((fd) => {
        try {
          return inodes.has(
            /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? '',
          );
        } catch {
          return false; // closed meanwhile
        }
      });
    } catch {
      return false; // the process is gone
    }
  });
}
