import {
  DATE_FORMAT,
  isProfileComplete,
  type OnboardingStep,
  type Profile,
} from '@revlane/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeRequests, stubApi } from '@/testing/api-stub';
import { jsonResponse } from '@/testing/fetch-stub';
import { COMPLETED_AT, onboardingSteps } from '@/testing/fixtures';
import { storeImpersonation } from '@/testing/impersonation';
import { impersonatedProfile } from '@/testing/profile-fixture';
import { renderApp } from '@/testing/render-app';

function stubOnboarding(completed: string[]) {
  let steps: OnboardingStep[] = onboardingSteps(completed);
  return stubApi({
    'GET /user/api/v1/users/me/onboarding-steps': () => jsonResponse(200, { data: steps }),
    'PATCH /user/api/v1/user-42/onboarding/steps/connect-my-crm': () => {
      steps = onboardingSteps([...completed, 'connect-my-crm']);
      return jsonResponse(200, { data: steps.find((step) => step.id === 'connect-my-crm') });
    },
  });
}

const checklist = () => screen.findByRole('region', { name: 'Get started with Revlane' });

describe('home onboarding checklist', () => {
  it('lists the four steps with their state, progress and completion time', async () => {
    stubOnboarding(['meet-an-expert']);
    storeImpersonation();
    renderApp('/app/home');
    const list = await checklist();

    expect(await within(list).findByText('1 of 4 steps done')).toBeInTheDocument();
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/app/home/meet-an-expert',
      '/app/home/connect-my-crm',
      '/app/home/connect-my-data',
      '/app/home/complete-profile',
    ]);
    expect(links[0]).toHaveTextContent('Meet an expert');
    expect(links[0]).toHaveTextContent(`Completed ${format(new Date(COMPLETED_AT), DATE_FORMAT)}`);
    expect(links[1]).toHaveTextContent('Connect my CRM');
    expect(links[1]).toHaveTextContent('Not done yet');
  });

  it('opens a step as a dialog route; "Mark as done" completes it and the checklist updates', async () => {
    const { requests } = stubOnboarding(['meet-an-expert']);
    storeImpersonation();
    renderApp('/app/home');
    await userEvent.click(
      await within(await checklist()).findByRole('link', { name: /Connect my CRM/ }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Connect my CRM' });
    expect(window.location.pathname).toBe('/app/home/connect-my-crm');
    expect(within(dialog).getByRole('link', { name: 'Connect a CRM' })).toHaveAttribute(
      'href',
      '/app/connections',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as done' }));

    await waitFor(() => expect(window.location.pathname).toBe('/app/home'));
    expect(await within(await checklist()).findByText('2 of 4 steps done')).toBeInTheDocument();
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(patch?.url).toBe(
      'http://localhost:3000/user/api/v1/user-42/onboarding/steps/connect-my-crm',
    );
    expect(patch?.body).toEqual({ status: 'completed' });
    expect(
      describeRequests(requests).filter((r) => r.endsWith('/onboarding-steps')).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('opens each step by its address, and Close returns home', async () => {
    stubOnboarding([]);
    storeImpersonation();
    renderApp('/app/home/connect-my-data');
    const dialog = await screen.findByRole('dialog', { name: 'Connect my data' });
    expect(within(dialog).getByRole('link', { name: 'Connect a data source' })).toBeInTheDocument();
    // The footer's Close; the × in the corner has the same name and does the same.
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(window.location.pathname).toBe('/app/home'));
  });

  it('embeds the scheduling widget for meet-an-expert', async () => {
    stubOnboarding([]);
    storeImpersonation();
    renderApp('/app/home/meet-an-expert');
    const dialog = await screen.findByRole('dialog', { name: 'Meet an expert' });
    const frame = within(dialog).getByTitle('Schedule a meeting with a Revlane expert');
    const src = new URL(frame.getAttribute('src') ?? '');
    expect(src.origin + src.pathname).toBe('https://calendly.com/revlane/demo');
    expect(src.searchParams.get('embed_type')).toBe('Inline');
    expect(src.searchParams.get('embed_domain')).toBe('localhost:3000');
  });

  it('edits name and photo in complete-profile', async () => {
    stubOnboarding([]);
    storeImpersonation();
    renderApp('/app/home/complete-profile');
    const dialog = await screen.findByRole('dialog', { name: 'Complete my profile' });
    expect(await within(dialog).findByRole('button', { name: 'Upload photo' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Edit Display name' })).toBeInTheDocument();
  });
});

/**
 * The server's side of the steps: each completes by itself when the server notices (a first
 * sync, a CRM connection: `complete`), the profile's when a change leaves it with a name of its
 * own and a photo (the server's rule), and meet-an-expert by its PATCH.
 */
function stubServerSteps(initially: string[], startProfile: Profile = impersonatedProfile) {
  const completed = new Set(initially);
  let profile = startProfile;
  const stub = stubApi({
    'GET /user/api/v1/users/me': () => jsonResponse(200, { data: profile }),
    'PATCH /user/api/v1/users/me/profile': ({ body }) => {
      profile = { ...profile, ...(body as Partial<Profile>) };
      if (isProfileComplete(profile)) completed.add('complete-profile');
      return jsonResponse(200, { data: profile });
    },
    'GET /user/api/v1/users/me/onboarding-steps': () =>
      jsonResponse(200, { data: onboardingSteps([...completed]) }),
    'PATCH /user/api/v1/user-42/onboarding/steps/meet-an-expert': () => {
      completed.add('meet-an-expert');
      const steps = onboardingSteps([...completed]);
      return jsonResponse(200, { data: steps.find((step) => step.id === 'meet-an-expert') });
    },
  });
  return { ...stub, complete: (stepId: string) => completed.add(stepId) };
}

const stepLink = async (name: RegExp) => within(await checklist()).findByRole('link', { name });
const completedText = `Completed ${format(new Date(COMPLETED_AT), DATE_FORMAT)}`;

/** What the hosted scheduler posts to the page embedding it. */
function postFromWidget(event: string) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { origin: 'https://calendly.com', data: { event, payload: {} } }),
    );
  });
}

describe('home onboarding: steps notice what the user did', () => {
  afterEach(() => vi.useRealTimers());

  it('shows a step the server completed while the user was away (a first sync)', async () => {
    const server = stubServerSteps([]);
    storeImpersonation();
    renderApp('/app/home/connect-my-data');
    const dialog = await screen.findByRole('dialog', { name: 'Connect my data' });
    expect(dialog).toHaveTextContent(
      'This step completes by itself with the first successful sync of a data source you add.',
    );
    await userEvent.click(within(dialog).getByRole('link', { name: 'Connect a data source' }));
    await waitFor(() => expect(window.location.pathname).toBe('/app/connections'));

    // The source's first sync succeeds on the Connections page; then the user goes home.
    server.complete('connect-my-data');
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    await userEvent.click(within(sidebar).getByRole('link', { name: 'Home' }));
    expect(await stepLink(/Connect my data/)).toHaveTextContent(completedText);
    expect(within(await checklist()).getByText('1 of 4 steps done')).toBeInTheDocument();
  });

  it('completes "Complete my profile" in its dialog once the name and the photo are set', async () => {
    const photo = 'http://localhost:3000/content/api/v1/files/f-1';
    const { requests } = stubServerSteps([], {
      ...impersonatedProfile,
      displayName: impersonatedProfile.email,
      photo,
    });
    storeImpersonation();
    renderApp('/app/home/complete-profile');
    const dialog = await screen.findByRole('dialog', { name: 'Complete my profile' });
    expect(await within(dialog).findByRole('button', { name: 'Mark as done' })).toBeEnabled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit Display name' }));
    const field = within(dialog).getByRole('textbox', { name: 'Display name' });
    await userEvent.clear(field);
    await userEvent.paste('Ada Lovelace');
    await userEvent.keyboard('{Enter}');

    expect(await within(dialog).findByText(completedText)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeDisabled();
    // Noticed, not marked: no PATCH of the step was sent.
    expect(describeRequests(requests).filter((r) => r.includes('/onboarding/steps/'))).toEqual([]);
  });

  it('completes "Meet an expert" when the widget reports a booking', async () => {
    const { requests } = stubServerSteps([]);
    storeImpersonation();
    renderApp('/app/home/meet-an-expert');
    const dialog = await screen.findByRole('dialog', { name: 'Meet an expert' });
    await within(dialog).findByTitle('Schedule a meeting with a Revlane expert');
    postFromWidget('calendly.event_type_viewed');
    postFromWidget('calendly.event_scheduled');

    await waitFor(() => expect(window.location.pathname).toBe('/app/home'));
    expect(await stepLink(/Meet an expert/)).toHaveTextContent(completedText);
    expect(describeRequests(requests).filter((r) => r.includes('/onboarding/steps/'))).toEqual([
      'PATCH /user/api/v1/user-42/onboarding/steps/meet-an-expert',
    ]);
  });

  it('shows a plain link to the booking page within 5 s when the widget cannot load', async () => {
    // Time moves on by itself (the page loads), and is pushed past the 5 s below.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubServerSteps([]);
    storeImpersonation();
    renderApp('/app/home/meet-an-expert');
    const dialog = await screen.findByRole('dialog', { name: 'Meet an expert' });
    expect(await within(dialog).findByText('Loading the scheduling widget')).toBeInTheDocument();
    // The widget never speaks (offline, or blocked by the browser).
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    const link = within(dialog).getByRole('link', { name: /Open the scheduling page/ });
    expect(link).toHaveAttribute('href', 'https://calendly.com/revlane/demo');
    expect(within(dialog).queryByText('Loading the scheduling widget')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Mark as done' })).toBeEnabled();
  });
});

describe('home dashboard', () => {
  it('shows an empty state that follows the dashboard settings', async () => {
    stubApi({
      'GET /user/api/v1/users/me/dashboard': {
        trendRangeDays: 90,
        showRecentAlerts: false,
        showPlayActivity: true,
      },
    });
    storeImpersonation();
    renderApp('/app/home');
    const dashboard = await screen.findByRole('region', { name: 'Dashboard' });
    expect(dashboard).toHaveTextContent(
      'Your dashboard fills up as you create segments, alerts and plays.',
    );
    const trends = await within(dashboard).findByRole('region', { name: 'Segment trends' });
    // Its cohorts load after the settings: the empty state names the range once they did.
    expect(await within(trends).findByText(/last 90 days/)).toBeInTheDocument();
    expect(within(dashboard).getByRole('region', { name: 'Play activity' })).toBeInTheDocument();
    expect(
      within(dashboard).queryByRole('region', { name: 'Recent alerts' }),
    ).not.toBeInTheDocument();
  });
});
