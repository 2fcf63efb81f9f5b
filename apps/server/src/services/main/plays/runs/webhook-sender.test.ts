import { describe, expect, it } from 'vitest';
import { unansweredReason, webhookSender } from './webhook-sender.js';

const fetchFailed = (cause: object) => Object.assign(new TypeError('fetch failed'), { cause });
const url = new URL('https://hooks.example.com/in');

/** "fetch failed" never reaches a user: the cause says what to check (ADR 0031). */
describe('webhook sender: why a request got no answer', () => {
  it.each([
    [
      'refused',
      fetchFailed(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
      /^Connection refused by hooks\.example\.com:443/,
    ],
    [
      'a name that does not resolve',
      fetchFailed(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' })),
      /^Host not found: hooks\.example\.com/,
    ],
    [
      'a certificate TLS refuses',
      fetchFailed(
        Object.assign(new Error('certificate has expired'), { code: 'CERT_HAS_EXPIRED' }),
      ),
      /^TLS error with hooks\.example\.com: certificate has expired/,
    ],
    [
      'a receiver that never answers',
      Object.assign(new Error('The operation was aborted due to timeout'), {
        name: 'TimeoutError',
      }),
      /^Timed out: hooks\.example\.com did not answer within 15 s/,
    ],
  ])('%s', (_case, error, expected) => {
    const reason = unansweredReason(error, url);
    expect(reason).toMatch(expected);
    expect(reason).not.toContain('fetch failed');
  });
});

describe('webhook sender: a refusing receiver is quoted', () => {
  it('names the status and the first 200 bytes of the answer', async () => {
    const { createServer } = await import('node:http');
    const answer = `{"error":"${'x'.repeat(300)}"}`;
    const server = createServer((_request, response) => response.writeHead(422).end(answer));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      const send = webhookSender({ allowPrivateHosts: true });
      const outcome = await send({
        url: `http://127.0.0.1:${port}/in`,
        secret: `whsec_${Buffer.from('k'.repeat(24)).toString('base64')}`,
        messageId: 'msg_1',
        payload: {},
      });
      expect(outcome).toEqual({
        kind: 'permanent',
        error: `HTTP 422 Unprocessable Entity: ${answer.slice(0, 200)}…`,
      });
    } finally {
      server.close();
    }
  });
});
