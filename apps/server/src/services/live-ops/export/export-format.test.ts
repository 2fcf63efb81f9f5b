import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCanonicalData } from '../../../warehouse/index.js';
import { productOnly } from '../../../warehouse/__tests__/hand-made-data.js';
import { API, useLiveOpsFixture } from '../__tests__/live-ops-fixture.js';

const AS_OF = Date.UTC(2024, 5, 15, 12);
const USERS = 20_000;
// prettier-ignore
const ACCOUNTS = [
  ['a1', '=HYPERLINK("http://evil")', 'a.example', null, null, 'pro', -5, 1, 'US', 'software', 'active', true, AS_OF, null],
  ['a2', 'Comma, Inc', 'b.example', null, null, 'pro', 1.5, 1, 'US', 'software', 'active', true, AS_OF, null],
  ['a3', 'Say "hi"', 'c.example', null, null, 'pro', 2, 1, 'US', 'software', 'active', true, AS_OF, null],
  ['a4', 'Two\r\nlines', 'd.example', null, null, 'pro', 3, 1, 'US', 'software', 'active', true, AS_OF, null],
  ['a5', '+1 555', 'e.example', null, null, 'pro', 4, 1, 'US', 'software', 'active', true, AS_OF, null],
  ['a6', '-minus', 'f.example', null, null, 'pro', 5, 1, 'US', 'software', 'active', true, AS_OF, null],
  ['a7', '@sum', 'g.example', null, null, 'pro', 6, 1, 'US', 'software', 'active', true, AS_OF, null],
  ['a8', '\tTab', 'h.example', null, null, 'pro', 7, 1, 'US', 'software', 'active', true, AS_OF, null],
  ['a10', '#1 Corp', 'j.example', null, null, 'pro', 8, 1, 'US', 'software', 'active', true, AS_OF, null],
  ['a9', 'Plain', 'i.example', null, null, null, null, null, null, null, 'trial', false, AS_OF, null],
];
const columnsOf = (rows: readonly (readonly unknown[])[]) =>
  rows[0]!.map((_, column) => rows.map((row) => row[column]));

function* userBatches() {
  for (let start = 0; start < USERS; start += 5_000) {
    const rows = Array.from({ length: 5_000 }, (_, i) => {
      const n = start + i;
      const id = `u${String(n).padStart(6, '0')}`;
      return [
        id,
        `a${(n % 9) + 1}`,
        `${id}@a.example`,
        `User ${n}`,
        'Engineer',
        'member',
        true,
        AS_OF,
        AS_OF,
      ];
    });
    yield { rowCount: rows.length, columns: columnsOf(productOnly(rows)) };
  }
}

describe('live-ops: CSV export format and streaming', () => {
  const f = useLiveOpsFixture({ load: false });
  beforeAll(async () => {
    await loadCanonicalData(
      f.t.app.warehouse.engine,
      f.eveOrg,
      {
        accounts: [{ rowCount: ACCOUNTS.length, columns: columnsOf(productOnly(ACCOUNTS)) }],
        users: userBatches(),
        events: [],
      },
      { asOf: AS_OF },
    );
  });

  const exportUrl = async (name: string, query: Record<string, string>) => {
    const id = f.eveSegmentId(name);
    const response = await f.inject(f.eve, {
      method: 'POST',
      url: `${API}/segments/${id}/export-tickets`,
      payload: query,
    });
    const { ticket } = response.json<{ data: { ticket: string } }>().data;
    return `${API}/segments/${id}/export?${new URLSearchParams({ ...query, token: ticket }).toString()}`;
  };

  it('quotes per RFC 4180 and defuses formulas, keeping numbers as numbers (money with 2 decimals)', async () => {
    const url = await exportUrl('All accounts', {
      columns: '["name","mrr","is_paying"]',
      sortBy: '+id',
    });
    const response = await f.t.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toBe(
      [
        'Name,MRR,Paying',
        `"'=HYPERLINK(""http://evil"")",-5.00,true`,
        '"#1 Corp",8.00,true',
        '"Comma, Inc",1.50,true',
        '"Say ""hi""",2.00,true',
        '"Two\r\nlines",3.00,true',
        "'+1 555,4.00,true",
        "'-minus,5.00,true",
        "'@sum,6.00,true",
        "'\tTab,7.00,true",
        'Plain,,false',
        '',
      ].join('\r\n'),
    );
  });

  it('streams a large export in many chunks with flat memory', async () => {
    const url = await exportUrl('Active users', { columns: '["email","name"]', sortBy: '+email' });
    const address = await f.t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (f.t.app.server.address() as AddressInfo).port;
    expect(address).toContain(String(port));
    const heapBefore = process.memoryUsage().heapUsed;
    const response = await fetch(`http://127.0.0.1:${port}${url}`);
    expect(response.status).toBe(200);
    let chunks = 0;
    let lines = 0;
    let peakHeapGrowth = 0;
    let tail = '';
    for await (const chunk of response.body!) {
      chunks += 1;
      const text = tail + Buffer.from(chunk).toString('utf8');
      const parts = text.split('\r\n');
      tail = parts.pop()!;
      lines += parts.length;
      peakHeapGrowth = Math.max(peakHeapGrowth, process.memoryUsage().heapUsed - heapBefore);
    }
    expect(tail).toBe('');
    expect(lines).toBe(USERS + 1);
    // ~600 kB arrive as the engine writes them (pipe-sized pieces), never as one whole file.
    expect(chunks).toBeGreaterThan(4);
    expect(peakHeapGrowth).toBeLessThan(200 * 1024 * 1024);
  });
});
