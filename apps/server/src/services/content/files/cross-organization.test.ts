import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredFile } from '@revlane/contracts';
import {
  asUser,
  createTestApp,
  organizationIdOf,
  testUser,
  type TestApp,
  type TestUser,
} from '../../../../test/app.js';
import { uploadPng } from '../../../../test/uploads.js';
import { findOrganizationFile } from './files.repository.js';

const base = '/content/api/v1';

describe('files of one organization and another (docs/architecture.md §2, ADR 0005)', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let file: StoredFile;
  let orgA: string;
  let orgB: string;

  const pathOf = (url: string) => new URL(url).pathname;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await testUser(t, 'alice@files-a.example');
    bob = await testUser(t, 'bob@files-b.example');
    orgA = await organizationIdOf(t, alice);
    orgB = await organizationIdOf(t, bob);
    file = await uploadPng(t, alice);
  });
  afterAll(() => t.close());

  it('serves a file to whoever holds its URL, whatever token comes with it', async () => {
    const answers = await Promise.all(
      [
        {},
        { authorization: `Bearer ${alice.token}` },
        { authorization: `Bearer ${bob.token}` },
        { authorization: 'Bearer not-a-token' },
      ].map((headers) => t.app.inject({ method: 'GET', url: pathOf(file.url), headers })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
  });

  it('offers no way to list, change or delete files, for anyone', async () => {
    for (const user of [alice, bob]) {
      const requests = [
        { method: 'GET', url: `${base}/files` },
        { method: 'DELETE', url: pathOf(file.url) },
        { method: 'PUT', url: pathOf(file.url) },
        { method: 'PATCH', url: pathOf(file.url) },
        { method: 'POST', url: pathOf(file.url) },
      ] as const;
      for (const request of requests) {
        const response = await t.app.inject(asUser(user, request));
        expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
      }
    }
    expect((await t.app.inject({ method: 'GET', url: pathOf(file.url) })).statusCode).toBe(200);
  });

  it('finds the file only within its own organization in the repository', async () => {
    const { db } = t.database;
    expect(await findOrganizationFile(db, orgB, file.id)).toBeUndefined();
    expect(await findOrganizationFile(db, orgA, file.id)).toMatchObject({
      id: file.id,
      orgId: orgA,
    });
  });

  it('keeps each organization’s bytes in its own folder', async () => {
    const bobFile = await uploadPng(t, bob);
    const root = path.join(t.config.dataDir, 'files');
    expect(existsSync(path.join(root, orgA, file.id))).toBe(true);
    expect(existsSync(path.join(root, orgB, bobFile.id))).toBe(true);
    expect(existsSync(path.join(root, orgB, file.id))).toBe(false);
  });
});
