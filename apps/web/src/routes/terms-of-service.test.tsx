import type { Profile } from '@revlane/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { describeRequests, stubApi } from '@/testing/api-stub';
import { jsonResponse } from '@/testing/fetch-stub';
import { newUserProfile } from '@/testing/fixtures';
import { renderSignedIn } from '@/testing/render-signed-in';

/** A user service that remembers the name and the acceptance, like the real one. */
function stubUserService(initial: Profile, acceptStatus = 200) {
  let profile = initial;
  const stub = stubApi({
    'GET /user/api/v1/users/me': () => jsonResponse(200, { data: profile }),
    'PATCH /user/api/v1/users/me/profile': ({ body }) => {
      profile = { ...profile, ...(body as Partial<Profile>) };
      return jsonResponse(200, { data: profile });
    },
    'POST /user/api/v1/users/me/accept-terms': () => {
      if (acceptStatus !== 200) {
        return jsonResponse(acceptStatus, {
          error: 'conflict',
          message: 'Terms changed meanwhile.',
        });
      }
      profile = { ...profile, app: { termsOfService: { accepted: true } } };
      return jsonResponse(200, { data: profile });
    },
  });
  return {
    ...stub,
    // The user's own account calls only; the pages behind the dialog load their own data.
    accountCalls: () =>
      describeRequests(stub.requests).filter((r) =>
        /\/user\/api\/v1\/users\/me(\/profile|\/accept-terms)?$/.test(r),
      ),
  };
}

const findDialog = () => screen.findByRole('dialog', { name: 'Terms of Service' });

describe('Terms of Service dialog', () => {
  it('opens for a user who has not accepted; Continue needs the checkbox', async () => {
    stubUserService(newUserProfile);
    renderSignedIn('/app/home');
    const dialog = await findDialog();

    const link = within(dialog).getByRole('link', { name: 'Terms of Service' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link).toHaveAttribute('href', '/terms.html');
    // The name is known already, so it is not asked for.
    expect(within(dialog).queryByLabelText('Full Name')).not.toBeInTheDocument();

    const continueButton = within(dialog).getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();
    const checkbox = within(dialog).getByRole('checkbox', { name: 'I agree to Terms of Service' });
    await userEvent.click(checkbox);
    expect(continueButton).toBeEnabled();
    await userEvent.click(checkbox);
    expect(continueButton).toBeDisabled();
  });

  it('accepts without a name change, refetches the profile and closes', async () => {
    const { accountCalls } = stubUserService(newUserProfile);
    renderSignedIn('/app/home');
    const dialog = await findDialog();
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(accountCalls()).toEqual([
      'GET /user/api/v1/users/me',
      'POST /user/api/v1/users/me/accept-terms',
      'GET /user/api/v1/users/me',
    ]);
  });

  it('asks for the Full Name when the display name is the email, validating on change', async () => {
    const { accountCalls, requests } = stubUserService({
      ...newUserProfile,
      displayName: newUserProfile.email,
    });
    renderSignedIn('/app/home');
    const dialog = await findDialog();
    const fullName = within(dialog).getByLabelText('Full Name');
    const continueButton = within(dialog).getByRole('button', { name: 'Continue' });

    await userEvent.click(within(dialog).getByRole('checkbox'));
    expect(continueButton).toBeDisabled();

    await userEvent.type(fullName, 'G');
    expect(continueButton).toBeEnabled();
    await userEvent.clear(fullName);
    expect(await within(dialog).findByText('Full name is required')).toBeInTheDocument();
    expect(continueButton).toBeDisabled();
    await userEvent.type(fullName, '   ');
    expect(continueButton).toBeDisabled();

    await userEvent.clear(fullName);
    await userEvent.type(fullName, '  Grace Hopper ');
    expect(within(dialog).queryByText('Full name is required')).not.toBeInTheDocument();
    await userEvent.click(continueButton);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(accountCalls()).toEqual([
      'GET /user/api/v1/users/me',
      'PATCH /user/api/v1/users/me/profile',
      'POST /user/api/v1/users/me/accept-terms',
      'GET /user/api/v1/users/me',
    ]);
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toEqual({ displayName: 'Grace Hopper' });
    expect(await screen.findByText('Signed in as Grace Hopper')).toBeInTheDocument();
  });

  it('shows a failed acceptance in the dialog and does not retry it', async () => {
    const { requests } = stubUserService(newUserProfile, 409);
    renderSignedIn('/app/home');
    const dialog = await findDialog();
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Terms changed meanwhile.');
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(describeRequests(requests).filter((r) => r.includes('accept-terms'))).toHaveLength(1);
  });

  it('keeps Continue disabled while the request is in flight', async () => {
    let release: () => void = () => undefined;
    stubApi({
      'GET /user/api/v1/users/me': newUserProfile,
      'POST /user/api/v1/users/me/accept-terms': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(jsonResponse(200, { data: newUserProfile }));
        }),
    });
    renderSignedIn('/app/home');
    const dialog = await findDialog();
    await userEvent.click(within(dialog).getByRole('checkbox'));
    const continueButton = within(dialog).getByRole('button', { name: 'Continue' });
    await userEvent.click(continueButton);
    await waitFor(() => expect(continueButton).toBeDisabled());
    expect(within(dialog).getByRole('button', { name: 'Sign out' })).toBeDisabled();
    release();
  });

  it('lets the user sign out instead', async () => {
    stubUserService(newUserProfile);
    const { session } = renderSignedIn('/app/home');
    const dialog = await findDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(session.logout).toHaveBeenCalledTimes(1);
  });

  it('hides the shell behind it from assistive technology while open', async () => {
    stubUserService(newUserProfile);
    renderSignedIn('/app/home');
    await findDialog();
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it.each([
    ['a support user impersonates', { impersonatedUserId: 'user-7' }, newUserProfile],
    [
      'the profile says impersonated',
      {},
      { ...newUserProfile, impersonatedBy: { id: 's', displayName: 'Sam', email: 's@r.test' } },
    ],
    [
      'the terms are accepted',
      {},
      { ...newUserProfile, app: { termsOfService: { accepted: true } } },
    ],
  ])('does not open when %s', async (_case, session, profile) => {
    stubUserService(profile);
    renderSignedIn('/app/home', session);
    expect(await screen.findByRole('heading', { name: 'Home', level: 1 })).toBeInTheDocument();
    await screen.findByText(/Signed in as/);
    expect(screen.queryByRole('dialog', { name: 'Terms of Service' })).not.toBeInTheDocument();
  });
});
