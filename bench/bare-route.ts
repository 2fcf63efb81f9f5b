import Fastify from 'fastify';

/** A bare Fastify route on 127.0.0.1: the ceiling any route of ours is compared with. */
export async function startBareRoute(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get('/bare', () => ({ data: { ok: true } }));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: `${address}/bare`, close: () => app.close() };
}
