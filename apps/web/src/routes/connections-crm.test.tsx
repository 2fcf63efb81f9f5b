import { SESSION_STORAGE_KEYS } from '@revlane/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { connectionList, makeConnection } from '@/features/connections/testing/connection-fixtures';
import { expectAdminOnly } from '@/testing/admin-only';
import { describeRequests, requestsTo, stubApi, type ApiRoutes } from '@/testing/api-stub';
import { jsonResponse } from '@/testing/fetch-stub';
import { storeImpersonation } from '@/testing/impersonation';
import { stubLocationAssign } from '@/testing/location-stub';
import { withRole } from '@/testing/profile-fixture';
import { renderApp } from '@/testing/render-app';

const CONNECTIONS = 'GET /composer/api/v1/connections';
const ME = 'GET /user/api/v1/users/me';
const AT = '2026-11-20T09:30:00.000Z';
const RECEIVED = 'GET /sandbox/slack/received';

/** The page as an admin sees it, unless `routes` answers `users/me` with another role. */
function renderConnections(routes: ApiRoutes, path = '/app/connections') {
  const stub = stubApi({ [ME]: withRole('admin'), ...routes });
  storeImpersonation();
  renderApp(path);
  return stub;
}

const card = async (name: string) =>
  within(await screen.findByRole('region', { name: 'CRM & tools' })).findByRole('listitem', {
    name,
  });

describe('connections page: CRM & tools', () => {
  it('shows a card per provider: sandbox ones offer "Try the sandbox", configured ones "Connect"', async () => {
    renderConnections({
      [CONNECTIONS]: connectionList(makeConnection('hubspot', { sandbox: false })),
    });
    for (const name of ['Salesforce', 'Intercom', 'Outreach', 'Slack']) {
      const tool = await card(name);
      expect(tool).toHaveTextContent('Not connected');
      expect(tool).toHaveTextContent('Sandbox');
      expect(within(tool).getByRole('button', { name: 'Try the sandbox' })).toBeEnabled();
    }
    const hubspot = await card('HubSpot');
    expect(hubspot).not.toHaveTextContent('Sandbox');
    expect(within(hubspot).getByRole('button', { name: 'Connect' })).toBeEnabled();
    expect(within(hubspot).queryByRole('button', { name: 'Disconnect' })).toBeNull();
  });

  it('says a provider is not available when it has neither a client id nor the sandbox', async () => {
    renderConnections({
      [CONNECTIONS]: connectionList(
        makeConnection('outreach', { sandbox: false, available: false }),
      ),
    });
    const outreach = await card('Outreach');
    expect(outreach).toHaveTextContent('Not connected');
    expect(outreach).toHaveTextContent(
      'Not available: this app has no Outreach client id configured.',
    );
    expect(outreach).not.toHaveTextContent('Sandbox');
    expect(within(outreach).queryAllByRole('button')).toEqual([]);
    expect(
      within(await card('Slack')).getByRole('button', { name: 'Try the sandbox' }),
    ).toBeEnabled();
  });

  it('shows a connected CRM: account, access, last sync; "Sync now" starts a run', async () => {
    const { requests } = renderConnections({
      [CONNECTIONS]: connectionList(
        makeConnection('salesforce', {
          status: 'connected',
          account: 'Acme Inc.',
          access: 'read_write',
          connectedAt: AT,
          lastSyncAt: AT,
          sourceId: '00000000-0000-4000-8000-000000000001',
        }),
      ),
      'POST /composer/api/v1/connections/salesforce/syncs': () =>
        jsonResponse(202, { data: { id: 'sync-9' } }),
    });
    const salesforce = await card('Salesforce');
    expect(salesforce).toHaveTextContent('Connected');
    expect(salesforce).toHaveTextContent('Acme Inc.');
    expect(salesforce).toHaveTextContent('Read and write');
    expect(salesforce).toHaveTextContent(/November 20 2026 at/);
    await userEvent.click(within(salesforce).getByRole('button', { name: 'Sync now' }));
    await waitFor(() =>
      expect(describeRequests(requests)).toContain(
        'POST /composer/api/v1/connections/salesforce/syncs',
      ),
    );
  });

  it('sends the browser to the provider on Connect, and to a second authorization for Intercom write access', async () => {
    const assign = stubLocationAssign();
    renderConnections({
      [CONNECTIONS]: connectionList(
        makeConnection('intercom', { status: 'connected', account: 'Acme', access: 'read' }),
      ),
      'POST /composer/api/v1/connections/outreach': {
        authorizeUrl: 'http://localhost:3000/sandbox/outreach/oauth/authorize?state=s1',
      },
      'POST /composer/api/v1/connections/intercom/write-access': {
        authorizeUrl: 'http://localhost:3000/sandbox/intercom/oauth?state=s2',
      },
    });
    await userEvent.click(
      within(await card('Outreach')).getByRole('button', { name: 'Try the sandbox' }),
    );
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        'http://localhost:3000/sandbox/outreach/oauth/authorize?state=s1',
      ),
    );
    const intercom = await card('Intercom');
    expect(intercom).toHaveTextContent('Read');
    await userEvent.click(within(intercom).getByRole('button', { name: 'Grant write access' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost:3000/sandbox/intercom/oauth?state=s2'),
    );
  });

  it('offers "Reconnect" with the error when the provider refused the saved authorization', async () => {
    renderConnections({
      [CONNECTIONS]: connectionList(
        makeConnection('hubspot', {
          status: 'reconnect_needed',
          account: 'acme.hubspot.com',
          access: 'read',
          lastError: 'HubSpot refused the saved authorization; reconnect to keep syncing.',
        }),
      ),
    });
    const hubspot = await card('HubSpot');
    expect(hubspot).toHaveTextContent('Reconnect needed');
    expect(within(hubspot).getByRole('alert')).toHaveTextContent('reconnect to keep syncing');
    expect(within(hubspot).getByRole('button', { name: 'Reconnect' })).toBeEnabled();
    expect(within(hubspot).queryByRole('button', { name: 'Sync now' })).toBeNull();
  });

  it('lists the alerts and plays that send through Slack before disconnecting; Disconnect stays allowed', async () => {
    const { requests } = renderConnections({
      [CONNECTIONS]: connectionList(
        makeConnection('slack', { status: 'connected', account: 'Acme', access: 'read_write' }),
      ),
      'GET /composer/api/v1/connections/slack/dependents': [
        { kind: 'alert', id: 'a-1', name: 'New pro' },
        { kind: 'play', id: 'p-1', name: 'Welcome trials' },
      ],
      'DELETE /composer/api/v1/connections/slack': makeConnection('slack'),
    });
    await userEvent.click(within(await card('Slack')).getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Slack?' });
    const senders = await within(dialog).findByRole('list', { name: 'Send through Slack' });
    expect(
      within(senders)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['alert New pro', 'play Welcome trials']);
    expect(dialog).toHaveTextContent('These alerts and plays send through Slack:');
    expect(dialog).toHaveTextContent('They will stop delivering until you reconnect.');
    const disconnect = within(dialog).getByRole('button', { name: 'Disconnect' });
    expect(disconnect).toBeEnabled();
    await userEvent.click(disconnect);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(describeRequests(requests)).toContain('DELETE /composer/api/v1/connections/slack');
  });

  it('asks before disconnecting, then disconnects', async () => {
    let connected = true;
    const slack = () =>
      makeConnection(
        'slack',
        connected ? { status: 'connected', account: 'Acme', access: 'read_write' } : {},
      );
    const { requests } = renderConnections({
      [CONNECTIONS]: () => jsonResponse(200, { data: connectionList(slack()) }),
      'GET /composer/api/v1/connections/slack/dependents': [],
      'DELETE /composer/api/v1/connections/slack': () => {
        connected = false;
        return jsonResponse(200, { data: slack() });
      },
    });
    await userEvent.click(within(await card('Slack')).getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Slack?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(describeRequests(requests)).toContain('DELETE /composer/api/v1/connections/slack');
    await waitFor(async () => expect(await card('Slack')).toHaveTextContent('Not connected'));
  });

  it('shows what a sandbox received, newest first, read at the app root with the bearer token', async () => {
    let received: { kind: string; at: string; body: unknown }[] = [
      { kind: 'auth.revoke', at: '2026-11-20T09:00:00.000Z', body: { token: 'old' } },
      {
        kind: 'chat.postMessage',
        at: '2026-11-20T09:30:00.000Z',
        body: { channel: 'C1', text: 'Hi' },
      },
    ];
    const { requests } = renderConnections({
      [CONNECTIONS]: connectionList(
        makeConnection('slack', { status: 'connected', account: 'Acme', access: 'read_write' }),
        makeConnection('hubspot', { status: 'connected', sandbox: false, account: 'Acme' }),
      ),
      // A plain array: the sandbox answers without the `data` envelope.
      [RECEIVED]: () => jsonResponse(200, received),
    });
    expect(
      within(await card('HubSpot')).queryByRole('button', { name: 'What the sandbox received' }),
    ).toBeNull();
    expect(
      within(await card('Salesforce')).queryByRole('button', { name: 'What the sandbox received' }),
    ).toBeNull();
    await userEvent.click(
      within(await card('Slack')).getByRole('button', { name: 'What the sandbox received' }),
    );
    const drawer = await screen.findByRole('dialog', { name: 'What the Slack sandbox received' });
    const entries = async () =>
      within(await within(drawer).findByRole('list', { name: 'Received' })).getAllByRole(
        'listitem',
      );
    const [newest, oldest] = await entries();
    expect(newest).toHaveTextContent('chat.postMessage');
    expect(newest).toHaveTextContent(/November 20 2026 at/);
    expect(newest).toHaveTextContent('{"channel":"C1","text":"Hi"}');
    expect(oldest).toHaveTextContent('auth.revoke');
    expect(oldest).toHaveTextContent('{"token":"old"}');

    const [read] = requestsTo(requests, 'GET', '/sandbox/slack/received');
    expect(read?.url).toBe('http://localhost:3000/sandbox/slack/received');
    expect(read?.headers.get('authorization')).toBe(
      `Bearer ${localStorage.getItem(SESSION_STORAGE_KEYS.accessToken)}`,
    );

    received = [
      ...received,
      { kind: 'chat.postMessage', at: '2026-11-20T10:00:00.000Z', body: { text: 'Later' } },
    ];
    await userEvent.click(within(drawer).getByRole('button', { name: 'Refresh' }));
    await waitFor(async () => expect((await entries())[0]).toHaveTextContent('Later'));
    expect(await entries()).toHaveLength(3);
    expect(requestsTo(requests, 'GET', '/sandbox/slack/received')).toHaveLength(2);
  });

  it('says when a sandbox has received nothing yet', async () => {
    renderConnections({
      [CONNECTIONS]: connectionList(
        makeConnection('slack', { status: 'connected', account: 'Acme', access: 'read_write' }),
      ),
      [RECEIVED]: () => jsonResponse(200, []),
    });
    await userEvent.click(
      within(await card('Slack')).getByRole('button', { name: 'What the sandbox received' }),
    );
    const drawer = await screen.findByRole('dialog', { name: 'What the Slack sandbox received' });
    expect(
      await within(drawer).findByRole('region', { name: 'Nothing received yet' }),
    ).toBeVisible();
  });

  it('says how the OAuth round trip went in a toast, once', async () => {
    renderConnections({}, '/app/connections?connected=hubspot');
    expect(await screen.findByText('HubSpot connected')).toBeInTheDocument();
    // The outcome leaves the URL, so a reload does not toast it again.
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('says why nothing was connected when the provider was denied', async () => {
    renderConnections({}, '/app/connections?error=access_denied&provider=salesforce');
    expect(
      await screen.findByText('Salesforce was not connected: access was denied.'),
    ).toBeInTheDocument();
  });
});

// Hovered button by button: generous on a loaded machine.
describe('connections page: CRM & tools for a member', { timeout: 120_000 }, () => {
  it('disables connecting, syncing and disconnecting, and says only admins can', async () => {
    const { requests } = renderConnections({
      [ME]: withRole('member'),
      [CONNECTIONS]: connectionList(
        makeConnection('hubspot', { sandbox: false }),
        makeConnection('salesforce', { status: 'connected', account: 'Acme Inc.', access: 'read' }),
        makeConnection('intercom', { status: 'connected', account: 'Acme', access: 'read' }),
        makeConnection('slack', { status: 'connected', account: 'Acme', access: 'read_write' }),
      ),
    });
    await expectAdminOnly(
      within(await card('Outreach')).getByRole('button', { name: 'Try the sandbox' }),
      'Only admins can connect tools',
    );
    await expectAdminOnly(
      within(await card('HubSpot')).getByRole('button', { name: 'Connect' }),
      'Only admins can connect tools',
    );
    const salesforce = await card('Salesforce');
    await expectAdminOnly(
      within(salesforce).getByRole('button', { name: 'Sync now' }),
      'Only admins can sync tools',
    );
    await expectAdminOnly(
      within(salesforce).getByRole('button', { name: 'Disconnect' }),
      'Only admins can disconnect tools',
    );
    await expectAdminOnly(
      within(await card('Intercom')).getByRole('button', { name: 'Grant write access' }),
      'Only admins can connect tools',
    );
    await expectAdminOnly(
      within(await card('Slack')).getByRole('button', { name: 'Disconnect' }),
      'Only admins can disconnect tools',
    );
    // What each tool holds is still shown.
    expect(salesforce).toHaveTextContent('Acme Inc.');
    expect(requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });
});
