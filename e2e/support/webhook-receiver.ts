import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface VerifiedWebhook {
  id: string;
  data: Record<string, unknown>;
}

/**
 * A local webhook receiver for a flow: it verifies each request's Standard Webhooks signature
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature`) with the play's `whsec_` secret and
 * keeps the verified ones; a bad signature is a 400 and counted.
 */
export async function startWebhookReceiver() {
  let secret = '';
  const received: VerifiedWebhook[] = [];
  let badSignatures = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = {
        'webhook-id': String(request.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
      };
      try {
        const body = new Webhook(secret).verify(Buffer.concat(chunks).toString('utf8'), headers);
        received.push({ id: headers['webhook-id'], data: body as Record<string, unknown> });
        response.writeHead(204).end();
      } catch {
        badSignatures += 1;
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    badSignatures: () => badSignatures,
    useSecret: (next: string) => {
      secret = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
