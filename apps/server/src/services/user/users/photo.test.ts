import { describe, expect, it } from 'vitest';
import type { ErrorEnvelope, Profile } from '@revlane/contracts';
import { asUser, testUser, type TestUser } from '../../../../test/app.js';
import { useTestApp } from '../../../../test/use-test-app.js';
import { uploadPng } from '../../../../test/uploads.js';

const base = '/user/api/v1';

describe('PATCH users/me photo: only a stored file of the organization (or null)', () => {
  const s = useTestApp(async (t) => {
    const ada = await testUser(t, 'ada@engines.example');
    const grace = await testUser(t, 'grace@engines.example');
    const mallory = await testUser(t, 'mallory@elsewhere.example');
    const adaFile = await uploadPng(t, ada);
    const malloryFile = await uploadPng(t, mallory);
    return { ada, grace, mallory, adaFile, malloryFile };
  });

  const patchPhoto = (user: TestUser, photo: string | null) =>
    s.t.app.inject(asUser(user, { method: 'PATCH', url: `${base}/users/me`, payload: { photo } }));
  const photoOf = async (user: TestUser) =>
    (await s.t.app.inject(asUser(user, { method: 'GET', url: `${base}/users/me` }))).json<{
      data: Profile;
    }>().data.photo;

  it.each([
    ['the file URL', () => s.adaFile.url],
    ['the thumbnail URL', () => s.adaFile.thumbnailUrl],
  ])('accepts %s of a file the user uploaded', async (_case, photoUrl) => {
    const response = await patchPhoto(s.ada, photoUrl());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { photo: photoUrl() } });
    expect(await photoOf(s.ada)).toBe(photoUrl());
  });

  it('accepts a file a colleague of the same organization uploaded', async () => {
    const response = await patchPhoto(s.grace, s.adaFile.thumbnailUrl);
    expect(response.statusCode).toBe(200);
  });

  it('accepts null, which removes the photo', async () => {
    const response = await patchPhoto(s.grace, null);
    expect(response.statusCode).toBe(200);
    expect(await photoOf(s.grace)).toBeNull();
  });

  it.each([
    ['another organization’s file', () => s.malloryFile.url],
    ['another organization’s thumbnail', () => s.malloryFile.thumbnailUrl],
    ['a random URL', () => 'https://img.test/new.png'],
    ['an unknown file id', () => s.adaFile.url.replace(s.adaFile.id, crypto.randomUUID())],
    ['the file URL with a query string', () => `${s.adaFile.url}?v=2`],
    ['a relative path', () => new URL(s.adaFile.url).pathname],
    ['another path of the content service', () => `${s.adaFile.url}/../../other`],
    ['not a URL at all', () => 'hello'],
  ])('rejects %s with 400 naming photo and keeps the old photo', async (_case, photoUrl) => {
    const response = await patchPhoto(s.ada, photoUrl());
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorEnvelope>();
    expect(body.error).toBe('bad_request');
    expect(body.errors).toEqual([{ path: 'body.photo', message: expect.any(String) as unknown }]);
    expect(await photoOf(s.ada)).toBe(s.adaFile.thumbnailUrl);
  });
});
