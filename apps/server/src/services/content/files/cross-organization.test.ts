import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { asUser, organizationIdOf, testUser } from '../../../../test/app.js';
import { useTestApp } from '../../../../test/use-test-app.js';
import { uploadPng } from '../../../../test/uploads.js';
import { findOrganizationFile } from './files.repository.js';

const base = '/content/api/v1';

describe('files of one organization and another (docs/architecture.md §2, ADR 0005)', () => {
  const s = useTestApp(async (t) => {
    const alice = await testUser(t, 'alice@files-a.example');
    const bob = await testUser(t, 'bob@files-b.example');
    return {
      alice,
      bob,
      orgA: await organizationIdOf(t, alice),
      orgB: await organizationIdOf(t, bob),
      file: await uploadPng(t, alice),
    };
  });

  const pathOf = (url: string) => new URL(url).pathname;

  it('serves a file to whoever holds its URL, whatever token comes with it', async () => {
    const answers = await Promise.all(
      [
        {},
        { authorization: `Bearer ${s.alice.token}` },
        { authorization: `Bearer ${s.bob.token}` },
        { authorization: 'Bearer not-a-token' },
      ].map((headers) => s.t.app.inject({ method: 'GET', url: pathOf(s.file.url), headers })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
  });

  it('offers no way to list, change or delete files, for anyone', async () => {
    for (const user of [s.alice, s.bob]) {
      const requests = [
        { method: 'GET', url: `${base}/files` },
        { method: 'DELETE', url: pathOf(s.file.url) },
        { method: 'PUT', url: pathOf(s.file.url) },
        { method: 'PATCH', url: pathOf(s.file.url) },
        { method: 'POST', url: pathOf(s.file.url) },
      ] as const;
      for (const request of requests) {
        const response = await s.t.app.inject(asUser(user, request));
        expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
      }
    }
    expect((await s.t.app.inject({ method: 'GET', url: pathOf(s.file.url) })).statusCode).toBe(200);
  });

  it('finds the file only within its own organization in the repository', async () => {
    const { db } = s.t.database;
    expect(await findOrganizationFile(db, s.orgB, s.file.id)).toBeUndefined();
    expect(await findOrganizationFile(db, s.orgA, s.file.id)).toMatchObject({
      id: s.file.id,
      orgId: s.orgA,
    });
  });

  it('keeps each organization’s bytes in its own folder', async () => {
    const bobFile = await uploadPng(s.t, s.bob);
    const root = path.join(s.t.config.dataDir, 'files');
    expect(existsSync(path.join(root, s.orgA, s.file.id))).toBe(true);
    expect(existsSync(path.join(root, s.orgB, bobFile.id))).toBe(true);
    expect(existsSync(path.join(root, s.orgB, s.file.id))).toBe(false);
  });
});
