import { ERROR_TEXTS, LOCAL_SETTINGS_KEY } from '@revlane/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { describeRequests, pending, stubApi } from '@/testing/api-stub';
import { storeImpersonation } from '@/testing/impersonation';
import { impersonatedProfile } from '@/testing/profile-fixture';
import { renderApp } from '@/testing/render-app';

async function renderShell(path = '/app/home') {
  storeImpersonation();
  const view = renderApp(path);
  const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
  return { ...view, sidebar };
}

const menuItem = (name: string | RegExp) => screen.getByRole('menuitem', { name });
const storedSettings = (): unknown => JSON.parse(localStorage.getItem(LOCAL_SETTINGS_KEY) ?? '{}');

describe('sidebar menu', () => {
  it('shows the menu of docs/product.md §2 in order, disabled entries flagged', async () => {
    stubApi();
    const { sidebar } = await renderShell();
    const topLevel = within(sidebar)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(topLevel).toEqual([
      'Home',
      'Setup',
      'Metrics',
      'Segments',
      'Plays',
      'Activations',
      'Scores',
      'Alerts',
      'Help',
    ]);
    expect(menuItem('Home')).toHaveClass('ant-menu-item-selected');
    expect(within(menuItem('Plays')).getByRole('link')).toHaveAttribute('href', '/app/plays');
    expect(within(menuItem('Activations')).getByRole('link')).toHaveAttribute(
      'href',
      '/app/activations',
    );
    expect(within(menuItem('Scores')).getByRole('link')).toHaveAttribute('href', '/app/scores');
    expect(within(menuItem('Alerts')).getByRole('link')).toHaveAttribute(
      'href',
      '/app/notifications',
    );
    expect(menuItem('Help')).toHaveAttribute('aria-disabled', 'true');

    await userEvent.click(menuItem('Setup'));
    expect(within(menuItem('Connections')).getByRole('link')).toHaveAttribute(
      'href',
      '/app/connections',
    );
    expect(menuItem('Mappings')).toHaveAttribute('aria-disabled', 'true');

    await userEvent.click(menuItem('Metrics'));
    for (const name of ['Product', 'Customer Success', 'Finance']) {
      expect(menuItem(name)).toHaveAttribute('aria-disabled', 'true');
    }
  });

  it('lists one entry per segment, flags disabled ones, and offers "Create new..."', async () => {
    stubApi();
    await renderShell();
    await userEvent.click(menuItem('Segments'));

    const active = await screen.findByRole('menuitem', { name: 'Active accounts' });
    expect(within(active).getByRole('link')).toHaveAttribute('href', '/app/segments/seg-1');
    const churn = menuItem(/Churn risk/);
    expect(within(churn).getByRole('link')).toHaveAttribute('href', '/app/segments/seg-2');
    expect(churn).toHaveTextContent('Disabled');
    // It opens the create-segment dialog (routes/segment-create-delete.test.tsx).
    expect(menuItem('Create new...')).not.toHaveAttribute('aria-disabled', 'true');
  });

  it('leads an organization without segments (no data yet) to Connections', async () => {
    stubApi({ 'GET /live-ops/api/v1/segments/me': [] });
    await renderShell();
    await userEvent.click(menuItem('Segments'));
    const empty = await screen.findByRole('menuitem', {
      name: 'No data yet: connect a data source',
    });
    expect(within(empty).getByRole('link')).toHaveAttribute('href', '/app/connections');
  });

  it("tells why Help is disabled: 'Coming soon'", async () => {
    stubApi();
    await renderShell();
    await userEvent.hover(within(menuItem('Help')).getByText('Help'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Coming soon');
  });

  it('opens the section of the current page by itself', async () => {
    stubApi();
    const { router } = await renderShell('/app/connections');
    expect(await screen.findByRole('heading', { name: 'Connections', level: 1 })).toBeVisible();
    expect(menuItem('Setup')).toHaveAttribute('aria-expanded', 'true');
    expect(menuItem('Connections')).toHaveClass('ant-menu-item-selected');
    expect(menuItem('Segments')).toHaveAttribute('aria-expanded', 'false');

    await act(() => router.navigate('/app/segments/seg-1'));
    expect(await screen.findByRole('heading', { name: 'Active accounts', level: 1 })).toBeVisible();
    expect(menuItem('Segments')).toHaveAttribute('aria-expanded', 'true');
    expect(menuItem('Active accounts')).toHaveClass('ant-menu-item-selected');
  });

  it("shows 'Loading...' while the segments load", async () => {
    stubApi({ 'GET /live-ops/api/v1/segments/me': pending });
    await renderShell('/app/segments/seg-1');
    expect(await screen.findByRole('menuitem', { name: 'Loading...' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });
});

describe('start-up', () => {
  it('asks for the profile and the segments (one list: list and menu) at once', async () => {
    const { requests } = stubApi({ 'GET /user/api/v1/users/me': pending });
    storeImpersonation();
    renderApp('/app/home');
    await waitFor(() =>
      expect(describeRequests(requests).sort()).toEqual([
        'GET /live-ops/api/v1/segments/me',
        'GET /user/api/v1/users/me',
      ]),
    );
  });
});

describe('mini sidebar', () => {
  it('collapses to 72px with two-letter initials, and persists under revlane.settings', async () => {
    stubApi();
    const { sidebar, unmount } = await renderShell();
    expect(sidebar).toHaveClass('w-72');

    await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(sidebar).toHaveStyle({ width: '72px' });
    expect(sidebar).toHaveClass('w-[72px]');
    const initials = [...sidebar.querySelectorAll('[data-initials]')].map((el) => el.textContent);
    // Setup and Segments would both be "SE": every entry reads apart (docs/product.md §2).
    expect(initials).toEqual(['HO', 'ST', 'ME', 'SG', 'PL', 'AC', 'SC', 'AL', 'HE']);
    expect(storedSettings()).toMatchObject({ navSettings: { miniSidebarNav: true } });

    // A reload (fresh mount reading storage) keeps it collapsed.
    unmount();
    await renderShell();
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(storedSettings()).toMatchObject({ navSettings: { miniSidebarNav: false } });
  });

  it("shows '...' instead of 'Loading...' while collapsed", async () => {
    localStorage.setItem(
      LOCAL_SETTINGS_KEY,
      JSON.stringify({ navSettings: { miniSidebarNav: true } }),
    );
    stubApi({ 'GET /live-ops/api/v1/segments/me': pending });
    await renderShell();
    await userEvent.hover(menuItem('Segments'));
    expect(await screen.findByRole('menuitem', { name: '...' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('keeps working in memory when local storage is unavailable, and says so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // Only the settings key fails, so the stored impersonation session still signs in.
    const original = Object.getOwnPropertyDescriptors(Storage.prototype);
    const getItem = original.getItem.value as Storage['getItem'];
    const setItem = original.setItem.value as Storage['setItem'];
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(function (this: Storage, key) {
      if (key === LOCAL_SETTINGS_KEY) throw new DOMException('Blocked', 'SecurityError');
      return getItem.call(this, key);
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key, value) {
      if (key === LOCAL_SETTINGS_KEY) throw new DOMException('Blocked', 'SecurityError');
      setItem.call(this, key, value);
    });
    stubApi();
    await renderShell();

    await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(ERROR_TEXTS.localStorageUnavailable);
    expect(warn).toHaveBeenCalledWith(
      "Local Storage not available, Can't save user settings locally",
    );
  });
});

describe('profile link', () => {
  it('shows initials, the display name and "View profile"; the photo once there is one', async () => {
    let photo: string | null = null;
    stubApi({
      'GET /user/api/v1/users/me': () => Response.json({ data: { ...impersonatedProfile, photo } }),
    });
    const { sidebar, unmount } = await renderShell();
    const link = await within(sidebar).findByRole('link', { name: /View profile/ });
    expect(link).toHaveAttribute('href', '/app/profile');
    await waitFor(() => expect(link).toHaveTextContent('ALAda LovelaceView profile'));
    expect(link.querySelector('img')).toBeNull();

    unmount();
    photo = '/content/api/v1/files/f1/thumbnail';
    const second = await renderShell();
    await waitFor(() => expect(second.sidebar.querySelector('img')).toHaveAttribute('src', photo));
  });
});
