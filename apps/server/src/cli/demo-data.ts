import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { DEMO_EMAIL } from '../demo/index.js';
import { findOrganizationIdByUserEmail } from '../platform/auth/accounts.repository.js';
import { loadConfig } from '../platform/config.js';
import { databaseTargetFor, openDatabase } from '../platform/database/database.js';
import {
  DEFAULT_DEMO_SEED,
  DEFAULT_DEMO_SIZE,
  loadDemoData,
  openWarehouse,
  warehouseKindFor,
  describeWarehouseSize,
} from '../warehouse/index.js';

const usage = `Usage: npm run demo-data -- [--accounts N] [--users N] [--events N] [--seed N]
                             [--org <organization id>] [--warehouse-url postgres://…]

Builds the deterministic demo data set in an organization's warehouse (default: the demo
organization, default size ${DEFAULT_DEMO_SIZE.accounts} accounts, ${DEFAULT_DEMO_SIZE.users} users, ${DEFAULT_DEMO_SIZE.events} events).
Benchmark size: --accounts 200000 --users 2000000 --events 20000000.
Stop a server that uses the same DuckDB file first: one process owns a DuckDB file.`;

function count(text: string | undefined, fallback: number, name: string): number {
  const value = text === undefined ? fallback : Number(text.replace(/_/g, ''));
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`--${name} must be a whole number`);
  return value;
}

/** The demo organization of the metadata database, found through the demo user. */
async function demoOrganizationId(): Promise<string> {
  const database = await openDatabase(databaseTargetFor(loadConfig(process.env)));
  try {
    const orgId = await findOrganizationIdByUserEmail(database.db, DEMO_EMAIL);
    if (!orgId)
      throw new Error('No demo organization yet: start the server once, or pass --org <id>.');
    return orgId;
  } finally {
    await database.close();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      accounts: { type: 'string' },
      users: { type: 'string' },
      events: { type: 'string' },
      seed: { type: 'string' },
      org: { type: 'string' },
      'warehouse-url': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return console.log(usage);
  const config = loadConfig(process.env);
  const size = {
    accounts: count(values.accounts, DEFAULT_DEMO_SIZE.accounts, 'accounts'),
    users: count(values.users, DEFAULT_DEMO_SIZE.users, 'users'),
    events: count(values.events, DEFAULT_DEMO_SIZE.events, 'events'),
    seed: count(values.seed, DEFAULT_DEMO_SEED, 'seed'),
  };
  const orgId = values.org ?? (await demoOrganizationId());
  const settings = {
    warehouseUrl: values['warehouse-url'] ?? config.warehouseUrl,
    dataDir: config.dataDir,
  };
  const warehouse = openWarehouse(settings);
  const bar = new cliProgress.SingleBar(
    {
      format: ' {bar} {percentage}% | {table} {rows}/{tableTotal} | {duration_formatted}',
      hideCursor: true,
      // Logs and CI have no terminal: print a line every few seconds instead.
      noTTYOutput: true,
      notTTYSchedule: 5000,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(size.accounts + size.users + size.events, 0, {
    table: 'accounts',
    rows: 0,
    tableTotal: size.accounts,
  });
  let done = 0;
  try {
    const result = await loadDemoData(warehouse, orgId, {
      ...size,
      onProgress: ({ table, rows, total }) => {
        if (table === 'accounts') done = rows;
        if (table === 'users') done = size.accounts + rows;
        if (table === 'events') done = size.accounts + size.users + rows;
        bar.update(done, { table, rows, tableTotal: total });
      },
    });
    bar.stop();
    await warehouse.close();
    const where = warehouseKindFor(settings) === 'postgres' ? 'PostgreSQL' : 'DuckDB';
    console.log(
      `Loaded into ${where} for organization ${orgId} in ${(result.durationMs / 1000).toFixed(1)} s:`,
    );
    console.log(`  ${result.accounts} accounts, ${result.users} users, ${result.events} events`);
    console.log(`  size: ${await describeWarehouseSize(settings, orgId)}`);
  } catch (error) {
    bar.stop();
    await warehouse.close();
    throw error;
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(
    /lock/i.test(message)
      ? `${message}\n(Is a server using this warehouse? Stop it first.)`
      : message,
  );
  process.exit(1);
});
