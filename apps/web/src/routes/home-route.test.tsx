import { IMPERSONATE_HEADER, SESSION_STORAGE_KEYS } from '@revlane/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { makeToken } from '@/testing/jwt';
import { stubLocationAssign } from '@/testing/location-stub';
import { impersonatedProfile } from '@/testing/profile-fixture';
import { renderApp } from '@/testing/render-app';

describe('home in impersonation mode', () => {
  it('opens from a support link without contacting the identity provider', async () => {
    const token = makeToken();
    const { requests } = stubFetch(({ url }) =>
      url.endsWith('/user/api/v1/users/me')
        ? jsonResponse(200, { data: impersonatedProfile })
        : jsonResponse(404),
    );
    renderApp(`/app/home?accessToken=${token}&impersonateUser=user-42&tab=2`);

    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(await screen.findByText('Signed in as Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('Impersonating Ada Lovelace')).toBeInTheDocument();

    // The values moved from the address bar into storage; the rest of the URL stayed.
    expect(window.location.pathname).toBe('/app/home');
    expect(window.location.search).toBe('?tab=2');
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.accessToken)).toBe(token);
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.impersonateUser)).toBe('user-42');

    // Every request carries the stored token and the impersonated user; no identity calls.
    expect(requests.map((r) => r.url)).toEqual(['http://localhost:3000/user/api/v1/users/me']);
    expect(requests[0]?.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(requests[0]?.headers.get(IMPERSONATE_HEADER)).toBe('user-42');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('signs out by clearing the stored session and returning to /', async () => {
    localStorage.setItem(SESSION_STORAGE_KEYS.accessToken, makeToken());
    localStorage.setItem(SESSION_STORAGE_KEYS.impersonateUser, 'user-42');
    const assign = stubLocationAssign();
    stubFetch(() => jsonResponse(200, { data: impersonatedProfile }));
    renderApp('/app/home');

    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(assign).toHaveBeenCalledWith('/');
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.impersonateUser)).toBeNull();
  });

  it('still shows the page with a fallback name when the profile cannot load', async () => {
    localStorage.setItem(SESSION_STORAGE_KEYS.accessToken, makeToken());
    localStorage.setItem(SESSION_STORAGE_KEYS.impersonateUser, 'user-42');
    stubFetch(() => jsonResponse(500, { error: 'internal_error', message: 'Boom' }));
    renderApp('/app/home');

    await waitFor(() => expect(screen.getByText('Signed in as user-42')).toBeInTheDocument());
    expect(
      await screen.findByText(
        'Please try after some time or contact the administrator if the problem persists.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Failed to complete the operation')).toBeInTheDocument();
  });
});
