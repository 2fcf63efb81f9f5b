import autocannon from 'autocannon';

/** What the parent asks the load client to do: one bounded autocannon run on loopback. */
export interface LoadRequest {
  url: string;
  headers: Record<string, string>;
  connections: number;
  durationSeconds: number;
}

/** One run's outcome as the parent reports it. */
export interface LoadOutcome {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: number;
}

/**
 * The load generator in its own process (forked by load-process.ts), so autocannon's CPU is
 * not charged to the server under test. Answers each request message with a LoadOutcome.
 */
process.on('message', (message: LoadRequest) => {
  const url = new URL(message.url);
  if (url.hostname !== '127.0.0.1') {
    process.send?.({ error: `load is sent to 127.0.0.1 only, not ${url.hostname}` });
    return;
  }
  autocannon(
    {
      url: message.url,
      headers: message.headers,
      connections: message.connections,
      duration: message.durationSeconds,
    },
    (error, result) => {
      if (error) {
        process.send?.({ error: String(error) });
        return;
      }
      const outcome: LoadOutcome = {
        requestsPerSecond: result.requests.average,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        errors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
        requests: result.requests.total,
      };
      process.send?.(outcome);
    },
  );
});
process.send?.({ ready: true });
