import type { FastifyInstance } from 'fastify';

interface ShutdownOptions {
  app: FastifyInstance;
  timeoutMs: number;
  /** Runs after the app closed (in-flight requests done): close what the caller opened. */
  release: () => Promise<void>;
  exit?: (this: void, code: number) => void;
}

/**
 * SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish (`app.close`),
 * release the database, exit 0. A second signal drains too: Ctrl-C or a SIGTERM to
 * `npm start`'s process group reaches the server twice (the group's, and the one
 * scripts/start.mjs forwards). A third signal, or the time-out, forces exit 1.
 */
export function handleShutdownSignals({
  app,
  timeoutMs,
  release,
  exit = (code) => process.exit(code),
}: ShutdownOptions) {
  let signals = 0;

  const shutdown = async (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals === 2) {
      app.log.info({ signal }, 'second signal: still finishing in-flight requests');
      return;
    }
    if (signals > 2) {
      app.log.warn({ signal }, 'third signal: exiting now');
      exit(1);
      return;
    }
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error({ timeoutMs }, 'shutdown timed out: exiting now');
      exit(1);
    }, timeoutMs);
    timer.unref();
    try {
      await app.close();
      await release();
      clearTimeout(timer);
      exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      exit(1);
    }
  };

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, (received: NodeJS.Signals) => void shutdown(received));
  }
}
