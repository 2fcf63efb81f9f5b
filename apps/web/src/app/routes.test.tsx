import { SESSION_STORAGE_KEYS } from '@revlane/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { makeToken } from '@/testing/jwt';
import { stubLocationAssign } from '@/testing/location-stub';
import { stubApi } from '@/testing/api-stub';
import { storeImpersonation } from '@/testing/impersonation';
import { impersonatedProfile } from '@/testing/profile-fixture';
import { renderApp } from '@/testing/render-app';
import { testConfig } from '@/testing/test-config';

const TRANSACTION_KEY = `a0.spajs.txs.${testConfig.auth.clientId}`;

function signInAsImpersonator() {
  localStorage.setItem(SESSION_STORAGE_KEYS.accessToken, makeToken());
  localStorage.setItem(SESSION_STORAGE_KEYS.impersonateUser, 'user-42');
  stubFetch(() => jsonResponse(200, { data: impersonatedProfile }));
}

describe('routes', () => {
  it.each(['/', '/app', '/app/'])('%s leads to /app/home', async (path) => {
    signInAsImpersonator();
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/app/home');
  });

  it('sends unknown paths under /app to /404', async () => {
    signInAsImpersonator();
    renderApp('/app/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/404');
  });

  it('shows the not-found page for any other path, with a way home', async () => {
    renderApp('/somewhere/else');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/app/home');
  });
});

describe('every page of docs/product.md §2', () => {
  it.each([
    ['/app/connections', 'Connections', 'CRM & tools'],
    ['/app/plays', 'Plays', 'No plays yet'],
    ['/app/plays/p-9', 'Play details', 'Play not found'],
    ['/app/notifications', 'Alerts', 'No alerts yet'],
    ['/app/notifications/n-3', 'Alert details', 'Alert not found'],
    ['/app/profile', 'Profile', 'Your details'],
    ['/app/accounts/acc-404', 'Account', 'Account not found'],
    ['/app/users/u-404', 'User', 'User not found'],
    ['/app/segments/seg-1', 'Active accounts', 'Accounts with activity in the last 30 days'],
    ['/app/segments/seg-1/c-1', 'Active accounts', 'Accounts with activity in the last 30 days'],
    [
      '/app/segments/unknown',
      'Segment not found',
      'This segment does not exist or is not shared with you',
    ],
  ])('%s shows "%s"', async (path, heading, content) => {
    storeImpersonation();
    stubApi();
    renderApp(path);
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
    expect(await screen.findByText(content)).toBeInTheDocument();
    expect(window.location.pathname).toBe(path);
  });

  it('opens segment settings on the General tab, each tab its own route', async () => {
    storeImpersonation();
    stubApi();
    renderApp('/app/segments/seg-1/settings');
    const general = await screen.findByRole('tab', { name: 'General' });
    await waitFor(() =>
      expect(window.location.pathname).toBe('/app/segments/seg-1/settings/general'),
    );
    expect(general).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'General',
      'Columns',
      'Grouping',
      'Sorting',
      'Notifications',
    ]);
    await userEvent.click(screen.getByRole('tab', { name: 'Sorting' }));
    await waitFor(() =>
      expect(window.location.pathname).toBe('/app/segments/seg-1/settings/sorting'),
    );
    expect(await screen.findByRole('button', { name: /Add sort level/ })).toBeInTheDocument();
  });

  it('sends an unknown settings tab to /404', async () => {
    storeImpersonation();
    stubApi();
    renderApp('/app/segments/seg-1/settings/bogus');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/404');
  });

  it('shows /404 itself as the not-found page', async () => {
    renderApp('/404');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('sign-in redirect through the identity SDK', () => {
  it('sends a signed-out visitor to {domain}/authorize and remembers path and query', async () => {
    const assign = stubLocationAssign();
    renderApp('/app/home?tab=cohorts');

    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const url = new URL(String(assign.mock.calls[0]?.[0]));
    expect(url.origin + url.pathname).toBe('http://localhost:3000/idp/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'revlane-web',
      audience: 'organizer',
      redirect_uri: 'http://localhost:3000/',
      response_type: 'code',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('scope')).toContain('openid profile email');

    const transaction: unknown = JSON.parse(sessionStorage.getItem(TRANSACTION_KEY) ?? 'null');
    expect(transaction).toMatchObject({ appState: { returnTo: '/app/home?tab=cohorts' } });
  });

  it('falls back to the normal sign-in when the stored impersonation token has expired', async () => {
    localStorage.setItem(SESSION_STORAGE_KEYS.accessToken, makeToken({}, -1));
    localStorage.setItem(SESSION_STORAGE_KEYS.impersonateUser, 'user-42');
    const assign = stubLocationAssign();
    renderApp('/app/home');

    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(String(assign.mock.calls[0]?.[0])).toContain('/idp/authorize?');
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.impersonateUser)).toBeNull();
  });

  it('shows an identity error returned to / with a "Try again" button', async () => {
    sessionStorage.setItem(
      TRANSACTION_KEY,
      JSON.stringify({
        nonce: 'n',
        code_verifier: 'v',
        scope: 'openid profile email offline_access',
        audience: 'organizer',
        redirect_uri: 'http://localhost:3000/',
        state: 's1',
        appState: { returnTo: '/app/home' },
      }),
    );
    const assign = stubLocationAssign();
    renderApp('/?error=access_denied&error_description=Your%20account%20is%20blocked.&state=s1');

    expect(await screen.findByRole('alert')).toHaveTextContent('Your account is blocked.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(assign).toHaveBeenCalledWith('/app/home');
  });

  it('rejects a callback whose state it never issued', async () => {
    renderApp('/?code=abc&state=forged');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid state');
  });
});
