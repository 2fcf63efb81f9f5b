import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEnvelope, Profile, StoredFile } from '@revlane/contracts';
import {
  asUser,
  createTestApp,
  testUser,
  type TestApp,
  type TestUser,
} from '../../../../test/app.js';
import { uploadPng } from '../../../../test/uploads.js';

const base = '/user/api/v1';

describe('PATCH users/me photo: only a stored file of the organization (or null)', () => {
  let t: TestApp;
  let ada: TestUser;
  let grace: TestUser;
  let mallory: TestUser;
  let adaFile: StoredFile;
  let malloryFile: StoredFile;

  const patchPhoto = (user: TestUser, photo: string | null) =>
    t.app.inject(asUser(user, { method: 'PATCH', url: `${base}/users/me`, payload: { photo } }));
  const photoOf = async (user: TestUser) =>
    (await t.app.inject(asUser(user, { method: 'GET', url: `${base}/users/me` }))).json<{
      data: Profile;
    }>().data.photo;

  beforeAll(async () => {
    t = await createTestApp();
    ada = await testUser(t, 'ada@engines.example');
    grace = await testUser(t, 'grace@engines.example');
    mallory = await testUser(t, 'mallory@elsewhere.example');
    adaFile = await uploadPng(t, ada);
    malloryFile = await uploadPng(t, mallory);
  });
  afterAll(() => t.close());

  it.each([
    ['the file URL', () => adaFile.url],
    ['the thumbnail URL', () => adaFile.thumbnailUrl],
  ])('accepts %s of a file the user uploaded', async (_case, photoUrl) => {
    const response = await patchPhoto(ada, photoUrl());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { photo: photoUrl() } });
    expect(await photoOf(ada)).toBe(photoUrl());
  });

  it('accepts a file a colleague of the same organization uploaded', async () => {
    const response = await patchPhoto(grace, adaFile.thumbnailUrl);
    expect(response.statusCode).toBe(200);
  });

  it('accepts null, which removes the photo', async () => {
    const response = await patchPhoto(grace, null);
    expect(response.statusCode).toBe(200);
    expect(await photoOf(grace)).toBeNull();
  });

  it.each([
    ['another organization’s file', () => malloryFile.url],
    ['another organization’s thumbnail', () => malloryFile.thumbnailUrl],
    ['a random URL', () => 'https://img.test/new.png'],
    ['an unknown file id', () => adaFile.url.replace(adaFile.id, crypto.randomUUID())],
    ['the file URL with a query string', () => `${adaFile.url}?v=2`],
    ['a relative path', () => new URL(adaFile.url).pathname],
    ['another path of the content service', () => `${adaFile.url}/../../other`],
    ['not a URL at all', () => 'hello'],
  ])('rejects %s with 400 naming photo and keeps the old photo', async (_case, photoUrl) => {
    const response = await patchPhoto(ada, photoUrl());
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorEnvelope>();
    expect(body.error).toBe('bad_request');
    expect(body.errors).toEqual([{ path: 'body.photo', message: expect.any(String) as unknown }]);
    expect(await photoOf(ada)).toBe(adaFile.thumbnailUrl);
  });
});
