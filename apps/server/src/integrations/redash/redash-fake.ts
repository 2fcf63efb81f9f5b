import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRedashQuery {
  id: number;
  name: string;
  columns: {
    name: string;
    type: 'integer' | 'float' | 'boolean' | 'string' | 'datetime' | 'date';
  }[];
  rows: Record<string, unknown>[];
}

export interface FakeRedash {
  url: string;
  close(): Promise<void>;
}

/**
 * A local Redash that speaks the parts of its REST API a source uses, as Redash does:
 * `Authorization: Key <api key>` (401 otherwise), `GET /api/queries` paginated
 * (`page`, `page_size`, `count`), `POST /api/queries/{id}/results` answering a job that is
 * polled at `GET /api/jobs/{id}` (pending, then done with a `query_result_id`), and
 * `GET /api/query_results/{id}`. For tests and the product's sandbox mode.
 */
export async function startFakeRedash(options: {
  apiKey: string;
  queries: FakeRedashQuery[];
}): Promise<FakeRedash> {
  const polls = new Map<string, number>();
  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    if (request.headers.authorization !== `Key ${options.apiKey}`)
      return json(response, 401, {
        message: "Couldn't find resource. Please login and try again.",
      });
    const url = new URL(request.url ?? '/', 'http://redash');
    const path = url.pathname;
    if (request.method === 'GET' && path === '/api/queries') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const pageSize = Number(url.searchParams.get('page_size') ?? 25);
      const results = options.queries
        .slice((page - 1) * pageSize, page * pageSize)
        .map(({ id, name }) => ({ id, name }));
      return json(response, 200, {
        count: options.queries.length,
        page,
        page_size: pageSize,
        results,
      });
    }
    const run = /^\/api\/queries\/(\d+)\/results$/.exec(path);
    if (request.method === 'POST' && run) {
      const query = options.queries.find((q) => q.id === Number(run[1]));
      if (!query) return json(response, 404, { message: 'Query not found' });
      const jobId = `job-${query.id}-${Math.random().toString(36).slice(2)}`;
      polls.set(jobId, 0);
      return json(response, 200, { job: { id: jobId, status: 1 } });
    }
    const job = /^\/api\/jobs\/(.+)$/.exec(path);
    if (request.method === 'GET' && job && polls.has(job[1]!)) {
      const count = polls.get(job[1]!)!;
      polls.set(job[1]!, count + 1);
      const queryId = Number(job[1]!.split('-')[1]);
      if (count === 0) return json(response, 200, { job: { id: job[1], status: 2 } });
      return json(response, 200, { job: { id: job[1], status: 3, query_result_id: queryId } });
    }
    const result = /^\/api\/query_results\/(\d+)$/.exec(path);
    if (request.method === 'GET' && result) {
      const query = options.queries.find((q) => q.id === Number(result[1]));
      if (!query) return json(response, 404, { message: 'Result not found' });
      return json(response, 200, {
        query_result: { id: query.id, data: { columns: query.columns, rows: query.rows } },
      });
    }
    return json(response, 404, { message: 'Not found' });
  };
  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
