import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  id: string;
  recordId: string;
  body: Record<string, unknown>;
}

/**
 * A local webhook receiver that verifies Standard Webhooks signatures with the play's
 * secret and counts by `webhook-id` (the idempotency key), as a careful receiver would.
 * `answer` picks the status for a record (429 once, 400 always...).
 */
export async function startWebhookReceiver() {
  let secret = '';
  const received: ReceivedWebhook[] = [];
  const badSignatures: string[] = [];
  let answer: (
    recordId: string,
    tries: number,
  ) => { status: number; retryAfter?: string } = () => ({
    status: 200,
  });
  const tries = new Map<string, number>();
  /** Every `webhook-id` that reached the receiver with a good signature, whatever it answered. */
  const tried = new Set<string>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(
        ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
          name,
          String(request.headers[name] ?? ''),
        ]),
      );
      let body: { data: { recordId: string } & Record<string, unknown> };
      try {
        body = new Webhook(secret).verify(text, headers) as typeof body;
      } catch {
        badSignatures.push(headers['webhook-id']!);
        response.writeHead(400).end();
        return;
      }
      const recordId = body.data.recordId;
      tried.add(headers['webhook-id']!);
      const count = (tries.get(recordId) ?? 0) + 1;
      tries.set(recordId, count);
      const { status, retryAfter } = answer(recordId, count);
      if (status < 300) received.push({ id: headers['webhook-id']!, recordId, body: body.data });
      response.writeHead(status, retryAfter ? { 'retry-after': retryAfter } : {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    badSignatures,
    tries,
    tried,
    /** The receiver is down: its port refuses connections until `comeBack`. */
    goDown: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    comeBack: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    /** Distinct idempotency keys accepted: what the receiver acted on. */
    uniqueIds: () => new Set(received.map((entry) => entry.id)).size,
    useSecret: (next: string) => {
      secret = next;
    },
    answerWith: (next: typeof answer) => {
      answer = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
