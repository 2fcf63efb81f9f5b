import type { Profile } from '@revlane/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { describeRequests, stubApi } from '@/testing/api-stub';
import { jsonResponse } from '@/testing/fetch-stub';
import { storeImpersonation } from '@/testing/impersonation';
import { impersonatedProfile } from '@/testing/profile-fixture';
import { renderApp } from '@/testing/render-app';

const STORED = {
  id: 'f1',
  contentType: 'image/png',
  size: 68,
  url: '/content/api/v1/files/f1',
  thumbnailUrl: '/content/api/v1/files/f1/thumbnail',
};

function stubProfileService(upload: () => Response = () => jsonResponse(201, { data: STORED })) {
  let profile: Profile = impersonatedProfile;
  let dashboard = { trendRangeDays: 30, showRecentAlerts: true, showPlayActivity: true };
  const save = ({ body }: { body: unknown }) => {
    profile = { ...profile, ...(body as Partial<Profile>) };
    return jsonResponse(200, { data: profile });
  };
  return stubApi({
    'GET /user/api/v1/users/me': () => jsonResponse(200, { data: profile }),
    'PATCH /user/api/v1/users/me/profile': save,
    'PATCH /user/api/v1/users/me': save,
    'POST /content/api/v1/files': upload,
    'PATCH /user/api/v1/users/me/dashboard': ({ body }) => {
      dashboard = { ...dashboard, ...(body as object) };
      return jsonResponse(200, { data: dashboard });
    },
  });
}

async function renderProfile() {
  storeImpersonation();
  renderApp('/app/profile');
  return screen.findByRole('region', { name: 'Your details' });
}

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
const user = () => userEvent.setup({ applyAccept: false });
const fileInput = (details: HTMLElement) =>
  details.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('profile page', () => {
  it('shows the display name, the email read-only and the organization', async () => {
    stubProfileService();
    const details = await renderProfile();
    expect(await within(details).findByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(details).getByText('ada@acme.test')).toBeInTheDocument();
    expect(within(details).getByText('Acme')).toBeInTheDocument();
    expect(within(details).getAllByRole('button', { name: /^Edit/ })).toHaveLength(1);
  });

  it('edits the display name in place and the sidebar follows', async () => {
    const { requests } = stubProfileService();
    const details = await renderProfile();
    await userEvent.click(
      await within(details).findByRole('button', { name: 'Edit Display name' }),
    );
    const field = within(details).getByRole('textbox', { name: 'Display name' });
    await userEvent.clear(field);
    await userEvent.paste('Ada Byron');
    await userEvent.keyboard('{Enter}');

    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    await waitFor(() => expect(sidebar).toHaveTextContent('Ada Byron'));
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.url).toBe('http://localhost:3000/user/api/v1/users/me/profile');
    expect(patch?.body).toEqual({ displayName: 'Ada Byron' });
  });

  it('uploads a photo through the content service; the sidebar shows it', async () => {
    const { requests } = stubProfileService();
    const details = await renderProfile();
    await within(details).findByRole('button', { name: 'Upload photo' });
    await user().upload(fileInput(details), png());

    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    await waitFor(() =>
      expect(sidebar.querySelector('img')).toHaveAttribute('src', STORED.thumbnailUrl),
    );
    expect(describeRequests(requests)).toEqual(
      expect.arrayContaining(['POST /content/api/v1/files', 'PATCH /user/api/v1/users/me']),
    );
    const upload = requests.find((r) => r.url.endsWith('/content/api/v1/files'));
    expect(String(upload?.body)).toMatch(/name="file"; filename="me.png"/);
    expect(String(upload?.body)).toMatch(/Content-Type: image\/png/);
    expect(upload?.headers.get('authorization')).toMatch(/^Bearer /);
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      photo: STORED.thumbnailUrl,
    });
    expect(await within(details).findByRole('button', { name: 'Change photo' })).toBeVisible();
  });

  it('refuses files that are not images before sending anything', async () => {
    const { requests } = stubProfileService();
    const details = await renderProfile();
    await within(details).findByRole('button', { name: 'Upload photo' });
    const pdf = new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' });
    await user().upload(fileInput(details), pdf);

    expect(await within(details).findByRole('alert')).toHaveTextContent(
      'Choose a PNG, JPEG, WebP or GIF image.',
    );
    expect(describeRequests(requests)).not.toContain('POST /content/api/v1/files');
  });

  it.each([
    [413, 'payload_too_large', 'The file is larger than 5 MB.'],
    [415, 'unsupported_media_type', 'Only PNG, JPEG, WebP and GIF images can be uploaded.'],
  ])("shows the content service's %s message", async (status, error, message) => {
    const { requests } = stubProfileService(() => jsonResponse(status, { error, message }));
    const details = await renderProfile();
    await within(details).findByRole('button', { name: 'Upload photo' });
    await user().upload(fileInput(details), png());

    expect(await within(details).findByRole('alert')).toHaveTextContent(message);
    expect(describeRequests(requests)).not.toContain('PATCH /user/api/v1/users/me');
    // Shown next to the field, so not a second time as a toast.
    expect(screen.queryByText('Failed to complete the operation')).not.toBeInTheDocument();
  });

  it('offers to connect Slack until there are channels to choose from', async () => {
    stubProfileService();
    await renderProfile();
    const slack = screen.getByRole('region', { name: 'Slack notifications' });
    expect(await within(slack).findByText('Connect Slack to choose a channel')).toBeVisible();
    expect(within(slack).getByRole('link', { name: 'Go to Connections' })).toHaveAttribute(
      'href',
      '/app/connections',
    );
  });

  it('picks a Slack channel and sends a test message to it, showing the outcome', async () => {
    let channelId: string | null = null;
    let tests = 0;
    const { requests } = stubApi({
      'GET /user/api/v1/users/me': () => jsonResponse(200, { data: impersonatedProfile }),
      'GET /user/api/v1/users/me/notifications/slack/channels': () =>
        jsonResponse(200, {
          data: [
            { id: 'C1', name: 'general' },
            { id: 'C2', name: 'revenue-alerts' },
          ],
        }),
      'GET /user/api/v1/users/me/notifications/slack': () =>
        jsonResponse(200, { data: { channelId } }),
      'PATCH /user/api/v1/users/me/notifications/slack': ({ body }) => {
        channelId = (body as { channelId: string | null }).channelId;
        return jsonResponse(200, { data: { channelId } });
      },
      'POST /user/api/v1/users/me/notifications/slack/test': () =>
        ++tests === 1
          ? jsonResponse(200, { data: { channelId, sent: true } })
          : jsonResponse(409, { error: 'conflict', message: 'Connect Slack first' }),
    });
    await renderProfile();
    const slack = screen.getByRole('region', { name: 'Slack notifications' });
    const send = await within(slack).findByRole('button', { name: 'Send test message' });
    expect(send).toBeDisabled();
    await userEvent.click(within(slack).getByRole('combobox'));
    await userEvent.click(await screen.findByText('#revenue-alerts'));
    await waitFor(() => expect(send).toBeEnabled());
    await userEvent.click(send);
    expect(await within(slack).findByRole('status')).toHaveTextContent(
      'Test message sent to #revenue-alerts',
    );
    await userEvent.click(send);
    expect(await within(slack).findByRole('alert')).toHaveTextContent('Connect Slack first');
    expect(
      requests
        .filter((r) => r.url.includes('/notifications/slack') && r.method !== 'GET')
        .map((r) => `${r.method} ${r.url.replace(/^.*\/users\/me/, '')}`),
    ).toEqual([
      'PATCH /notifications/slack',
      'POST /notifications/slack/test',
      'POST /notifications/slack/test',
    ]);
  });

  it('sends one Slack test message for a double click on "Send test message"', async () => {
    const { requests } = stubApi({
      'GET /user/api/v1/users/me': () => jsonResponse(200, { data: impersonatedProfile }),
      'GET /user/api/v1/users/me/notifications/slack/channels': () =>
        jsonResponse(200, { data: [{ id: 'C2', name: 'revenue-alerts' }] }),
      'GET /user/api/v1/users/me/notifications/slack': () =>
        jsonResponse(200, { data: { channelId: 'C2' } }),
      'POST /user/api/v1/users/me/notifications/slack/test': () =>
        jsonResponse(200, { data: { channelId: 'C2', sent: true } }),
    });
    await renderProfile();
    const slack = screen.getByRole('region', { name: 'Slack notifications' });
    const send = await within(slack).findByRole('button', { name: 'Send test message' });
    await waitFor(() => expect(send).toBeEnabled());

    fireEvent.click(send);
    fireEvent.click(send);
    expect(await within(slack).findByRole('status')).toHaveTextContent(
      'Test message sent to #revenue-alerts',
    );
    expect(
      describeRequests(requests).filter((r) => r.endsWith('/notifications/slack/test')),
    ).toEqual(['POST /user/api/v1/users/me/notifications/slack/test']);
  });

  it('saves each dashboard setting as it changes', async () => {
    const { requests } = stubProfileService();
    await renderProfile();
    const dashboard = screen.getByRole('region', { name: 'Dashboard' });
    // The radio input itself is covered by its button-styled label, as in a browser.
    await userEvent.click(await within(dashboard).findByText('90 days'));
    await userEvent.click(within(dashboard).getByRole('switch', { name: 'Show recent alerts' }));

    await waitFor(() =>
      expect(
        requests
          .filter((r) => r.url.endsWith('/users/me/dashboard') && r.method === 'PATCH')
          .map((r) => r.body),
      ).toEqual([{ trendRangeDays: 90 }, { showRecentAlerts: false }]),
    );
    expect(within(dashboard).getByRole('radio', { name: '90 days' })).toBeChecked();
    expect(within(dashboard).getByRole('switch', { name: 'Show recent alerts' })).not.toBeChecked();
  });
});
