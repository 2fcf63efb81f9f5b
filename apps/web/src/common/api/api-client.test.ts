import { IMPERSONATE_HEADER } from '@revlane/contracts';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';

const BASE = 'http://localhost:3000/user/api/v1';
const normalAuth = { getAccessToken: () => Promise.resolve('token-1'), impersonatedUserId: null };

async function catchError(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('createApiClient', () => {
  it('sends the bearer token and cookies, and unwraps `data`', async () => {
    const { requests } = stubFetch(() => jsonResponse(200, { data: { id: 'u1' } }));
    const client = createApiClient(BASE, normalAuth);

    await expect(client.get('users/me')).resolves.toEqual({ id: 'u1' });
    expect(requests[0]?.url).toBe(`${BASE}/users/me`);
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer token-1');
    expect(requests[0]?.headers.has(IMPERSONATE_HEADER)).toBe(false);
    expect(requests[0]?.credentials).toBe('include');
  });

  it('adds Impersonate-User when impersonating', async () => {
    const { requests } = stubFetch(() => jsonResponse(200, { data: null }));
    const client = createApiClient(BASE, { ...normalAuth, impersonatedUserId: 'user-42' });

    await client.patch('users/me', { displayName: 'Ada' });
    expect(requests[0]?.headers.get(IMPERSONATE_HEADER)).toBe('user-42');
    expect(requests[0]?.body).toEqual({ displayName: 'Ada' });
  });

  it('asks for the token on every request', async () => {
    stubFetch(() => jsonResponse(200, { data: 1 }));
    const getAccessToken = vi.fn(() => Promise.resolve('t'));
    const client = createApiClient(BASE, { getAccessToken, impersonatedUserId: null });
    await client.get('a');
    await client.get('b');
    expect(getAccessToken).toHaveBeenCalledTimes(2);
  });
});

describe('ApiError mapping', () => {
  it("keeps axios's status message when the body has no text", async () => {
    stubFetch(() => jsonResponse(404));
    const error = await catchError(createApiClient(BASE, normalAuth).get('missing'));
    expect(error.message).toBe('Request failed with status code 404');
    expect(error.status).toBe(404);
  });

  it('takes the text from the body and keeps code, status and field errors', async () => {
    stubFetch(() =>
      jsonResponse(400, {
        error: 'bad_request',
        message: 'Some fields are invalid.',
        errors: [{ path: 'displayName', message: 'Full name is required' }],
      }),
    );
    const error = await catchError(createApiClient(BASE, normalAuth).patch('users/me', {}));
    expect(error).toMatchObject({
      message: 'Some fields are invalid.',
      status: 400,
      code: 'bad_request',
      fieldErrors: [{ path: 'displayName', message: 'Full name is required' }],
    });
  });

  it("reports a failed connection with axios's 'Network Error'", async () => {
    stubFetch(() => Promise.reject(new TypeError('fetch failed')));
    const error = await catchError(createApiClient(BASE, normalAuth).get('users/me'));
    expect(error.message).toBe('Network Error');
    expect(error.status).toBeUndefined();
    expect(error.code).toBe('ERR_NETWORK');
  });

  it('turns a failed token request into an ApiError without calling the server', async () => {
    const { fetchStub } = stubFetch(() => jsonResponse(200, { data: 1 }));
    const loginRequired = Object.assign(new Error('Login required'), { error: 'login_required' });
    const client = createApiClient(BASE, {
      getAccessToken: () => Promise.reject(loginRequired),
      impersonatedUserId: null,
    });
    const error = await catchError(client.get('users/me'));
    expect(error).toMatchObject({ message: 'Login required', code: 'login_required' });
    expect(fetchStub).not.toHaveBeenCalled();
  });
});
