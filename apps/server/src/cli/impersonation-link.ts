import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from '../platform/config.js';
import { databaseTargetFor, openDatabase } from '../platform/database/database.js';
import { createImpersonationLink } from './create-impersonation-link.js';

const usage = `Usage: npm run impersonation-link -- <user email or id> [--support <email or id>] [--minutes <n>]

Prints a short-lived link that signs the support user in as the given user (docs/architecture.md §4.4).`;

/** The embedded PGlite database belongs to one process: never open it under a running server. */
async function isServerRunning(appUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${appUrl}/healthz`, { signal: AbortSignal.timeout(1000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      support: { type: 'string', default: 'support@revlane.dev' },
      minutes: { type: 'string', default: '15' },
      help: { type: 'boolean', default: false },
    },
  });
  const [user] = positionals;
  const minutes = Number(values.minutes);
  if (values.help || !user || !(minutes > 0 && minutes <= 60)) {
    console.error(usage);
    process.exit(values.help ? 0 : 1);
  }
  const config = loadConfig(process.env);
  if (!config.databaseUrl && (await isServerRunning(config.appUrl))) {
    throw new Error(
      'The server is running on the embedded database; stop it first (or use DATABASE_URL with PostgreSQL).',
    );
  }
  const database = await openDatabase(databaseTargetFor(config));
  try {
    const log = pino({ level: 'warn' });
    const link = await createImpersonationLink(
      { config, db: database.db, log },
      { user, support: values.support, expiresInMinutes: minutes },
    );
    console.log(
      `${link.supportEmail} acting as ${link.userEmail}, valid until ${link.expiresAt.toISOString()}:`,
    );
    console.log(link.url);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
