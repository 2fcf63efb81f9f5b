import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Source } from '@revlane/contracts';
import { sources } from '../../../platform/database/schema/index.js';
import { createComposerFixture, type ComposerFixture } from './composer-fixture.js';
import { recordIssuedSecret } from '../../../../../../scripts/test-run-dir.mjs';

const PASSWORD = 'pw-Correct-Horse-7731';
recordIssuedSecret('database password', PASSWORD);
const visibleConfig = { host: 'db.example.com', port: 5432, database: 'app', user: 'reader' };
const postgresBody = {
  type: 'postgres',
  name: 'Product DB',
  config: { ...visibleConfig, password: PASSWORD },
};

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const full = path.join(directory, entry);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

describe('composer: sources CRUD and validation', () => {
  let f: ComposerFixture;
  let created: Source;
  beforeAll(async () => {
    f = await createComposerFixture();
    created = await f.createSource(f.dana, postgresBody);
  });
  afterAll(() => f.close());

  it('creates a source answering only that its secret is set', async () => {
    expect(created).toMatchObject({
      type: 'postgres',
      name: 'Product DB',
      config: { ...visibleConfig, tlsMode: 'prefer' },
      secretsSet: ['password'],
      selectedTables: [],
      schedule: 'manual',
      lastSync: null,
    });
    expect(JSON.stringify(created)).not.toContain(PASSWORD);
    const list = await f.call(f.dana, { method: 'GET', url: 'sources' });
    const one = await f.call(f.dana, { method: 'GET', url: `sources/${created.id}` });
    expect(one.json()).toEqual({ data: created });
    expect(list.json<{ data: Source[] }>().data).toEqual([created]);
    for (const response of [list, one]) expect(response.body).not.toContain(PASSWORD);
  });

  it('keeps the secret sealed in the database and nowhere in plain text in the data dir', async () => {
    const [row] = await f.t.database.db.select().from(sources);
    expect(row!.sealedSecrets).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    expect(f.t.app.secrets.openJson(row!.sealedSecrets!, row!.id)).toEqual({ password: PASSWORD });
    // Sealed with the record's id: copied onto another record it does not open.
    expect(() => f.t.app.secrets.openJson(row!.sealedSecrets!, 'another-id')).toThrow();
    for (const file of filesUnder(f.t.config.dataDir))
      expect(readFileSync(file).includes(PASSWORD), file).toBe(false);
  });

  it('answers 400 naming `type` for an unknown type and `config.host` for a missing host', async () => {
    const unknown = await f.call(f.dana, {
      method: 'POST',
      url: 'sources',
      payload: { type: 'oracle', name: 'X', config: {} },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toContain(
      'body.type',
    );
    const noHost = await f.call(f.dana, {
      method: 'POST',
      url: 'sources',
      payload: { ...postgresBody, config: { database: 'app', user: 'reader' } },
    });
    expect(noHost.statusCode).toBe(400);
    expect(noHost.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toContain(
      'body.config.host',
    );
    const list = await f.call(f.dana, { method: 'GET', url: 'sources' });
    expect(list.json<{ data: Source[] }>().data).toHaveLength(1);
  });

  it('changes name, tables and schedule; a secret left out keeps its value', async () => {
    const response = await f.call(f.dana, {
      method: 'PATCH',
      url: `sources/${created.id}`,
      payload: {
        name: 'Product database',
        config: { host: 'db2.example.com' },
        selectedTables: [{ name: 'users', cursorColumn: 'updated_at' }, { name: 'accounts' }],
        schedule: 'hourly',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: Source }>().data).toMatchObject({
      name: 'Product database',
      config: { host: 'db2.example.com', user: 'reader' },
      secretsSet: ['password'],
      schedule: 'hourly',
      selectedTables: [{ name: 'users', cursorColumn: 'updated_at' }, { name: 'accounts' }],
    });
    const [row] = await f.t.database.db.select().from(sources);
    expect(f.t.app.secrets.openJson(row!.sealedSecrets!, row!.id)).toEqual({ password: PASSWORD });
  });

  it('refuses a bad config change with 400 naming the field, changing nothing', async () => {
    const response = await f.call(f.dana, {
      method: 'PATCH',
      url: `sources/${created.id}`,
      payload: { name: 'Renamed', config: { port: 70000 } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: { path: string }[] }>().errors[0]!.path).toBe(
      'body.config.port',
    );
    const one = await f.call(f.dana, { method: 'GET', url: `sources/${created.id}` });
    expect(one.json<{ data: Source }>().data.name).toBe('Product database');
  });

  it('hides a source from another organization (404 on every route)', async () => {
    for (const request of [
      { method: 'GET' as const, url: `sources/${created.id}` },
      { method: 'PATCH' as const, url: `sources/${created.id}`, payload: { name: 'Mine' } },
      { method: 'DELETE' as const, url: `sources/${created.id}` },
    ]) {
      const response = await f.call(f.eve, request);
      expect(response.statusCode, request.method).toBe(404);
    }
    const list = await f.call(f.eve, { method: 'GET', url: 'sources' });
    expect(list.json()).toEqual({ data: [] });
  });

  it('deletes a source', async () => {
    const other = await f.createSource(f.dana, { type: 'csv', name: 'Leads', config: {} });
    const response = await f.call(f.dana, { method: 'DELETE', url: `sources/${other.id}` });
    expect(response.statusCode).toBe(204);
    const gone = await f.call(f.dana, { method: 'GET', url: `sources/${other.id}` });
    expect(gone.statusCode).toBe(404);
  });
});
