import { IMPERSONATE_HEADER, SESSION_STORAGE_KEYS } from '@revlane/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { describeRequests, pending, stubApi } from '@/testing/api-stub';
import { jsonResponse } from '@/testing/fetch-stub';
import { storeImpersonation } from '@/testing/impersonation';
import { makeToken } from '@/testing/jwt';
import { stubLocationAssign } from '@/testing/location-stub';
import { renderApp } from '@/testing/render-app';

describe('home in impersonation mode', () => {
  it('opens from a support link without contacting the identity provider', async () => {
    const token = makeToken();
    const { requests } = stubApi();
    renderApp(`/app/home?accessToken=${token}&impersonateUser=user-42&tab=2`);

    expect(await screen.findByRole('heading', { name: 'Home', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Signed in as Ada Lovelace')).toBeInTheDocument();
    const banner = screen.getByRole('region', { name: 'Impersonation' });
    expect(banner).toHaveTextContent('Impersonating Ada Lovelace');

    // The values moved from the address bar into storage; the rest of the URL stayed.
    expect(window.location.pathname).toBe('/app/home');
    expect(window.location.search).toBe('?tab=2');
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.accessToken)).toBe(token);
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.impersonateUser)).toBe('user-42');

    // Every request carries the stored token and the impersonated user; no identity calls.
    await waitFor(() =>
      expect(describeRequests(requests)).toEqual(
        expect.arrayContaining([
          'GET /user/api/v1/users/me',
          'GET /live-ops/api/v1/segments/me',
          'GET /user/api/v1/users/me/onboarding-steps',
          'GET /user/api/v1/users/me/dashboard',
        ]),
      ),
    );
    for (const request of requests) {
      expect(request.url).not.toContain('/idp/');
      expect(request.headers.get('authorization')).toBe(`Bearer ${token}`);
      expect(request.headers.get(IMPERSONATE_HEADER)).toBe('user-42');
    }
    expect(document.querySelector('iframe')).toBeNull();
    // Support staff never see the terms dialog, even for a user who has not accepted them.
    expect(screen.queryByRole('dialog', { name: 'Terms of Service' })).not.toBeInTheDocument();
  });

  it("'Stop' ends the impersonation: the stored session is cleared and the app starts over", async () => {
    storeImpersonation();
    const assign = stubLocationAssign();
    stubApi();
    renderApp('/app/home');

    const banner = await screen.findByRole('region', { name: 'Impersonation' });
    await userEvent.click(within(banner).getByRole('button', { name: 'Stop' }));
    expect(assign).toHaveBeenCalledWith('/');
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.impersonateUser)).toBeNull();
  });

  it('still shows the page with a fallback name when the profile cannot load', async () => {
    storeImpersonation();
    const { requests } = stubApi({
      'GET /user/api/v1/users/me': () =>
        jsonResponse(500, { error: 'internal_error', message: 'Boom' }),
    });
    renderApp('/app/home');

    expect(await screen.findByText('Signed in as user-42')).toBeInTheDocument();
    const toast = await screen.findByText(
      'Please try after some time or contact the administrator if the problem persists.',
    );
    expect(toast.parentElement).toHaveTextContent('Failed to complete the operation');
    expect(screen.queryByText('Boom')).not.toBeInTheDocument();
    // Pages mounting after the failure may ask once more each, but never in a loop.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const profileCalls = describeRequests(requests).filter((r) => r.endsWith('/users/me'));
    expect(profileCalls.length).toBeLessThanOrEqual(3);
  });

  it('shows a loader, not a half-ready shell, until the profile is known', async () => {
    storeImpersonation();
    stubApi({ 'GET /user/api/v1/users/me': pending });
    renderApp('/app/home');
    expect(await screen.findByText('Loading your workspace')).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });
});
