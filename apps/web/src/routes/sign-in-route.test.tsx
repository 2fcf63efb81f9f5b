import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { stubLocationAssign } from '@/testing/location-stub';
import { renderApp } from '@/testing/render-app';

const SIGN_IN_PATH = '/idp/interaction/abc123';

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  const emailInput = await screen.findByLabelText('Email');
  await user.clear(emailInput);
  if (email) await user.type(emailInput, email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: /sign in/i }));
  return user;
}

describe('sign-in screen (/idp/interaction/:uid)', () => {
  it('renders inside the auth layout with Email, Password and "Sign in"', async () => {
    renderApp(SIGN_IN_PATH);
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByText('The #1 Data Automation Platform for Revenue Teams.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('validates on the client before calling the server', async () => {
    const { fetchStub } = stubFetch(() => jsonResponse(500));
    renderApp(SIGN_IN_PATH);
    await fillAndSubmit('', '');
    expect(await screen.findByText('Please enter your email')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();

    await fillAndSubmit('not-an-email', '');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('posts the credentials and follows redirectTo on success', async () => {
    const assign = stubLocationAssign();
    const { requests } = stubFetch(() =>
      jsonResponse(200, { data: { redirectTo: '/idp/auth/abc123' } }),
    );
    renderApp(SIGN_IN_PATH);
    await fillAndSubmit('ada@acme.test', 'correct horse');

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/idp/auth/abc123'));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      url: '/idp/interaction/abc123/login',
      method: 'POST',
      credentials: 'include',
      body: { email: 'ada@acme.test', password: 'correct horse' },
    });
    expect(requests[0]?.headers.get('content-type')).toBe('application/json');
  });

  it('disables the button while the request is in flight', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderApp(SIGN_IN_PATH);
    await fillAndSubmit('ada@acme.test', 'secret');

    await waitFor(() => expect(screen.getByRole('button', { name: /sign in/i })).toBeDisabled());
    answer(jsonResponse(401, { error: 'wrong_password', message: 'Wrong email or password.' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /sign in/i })).toBeEnabled());
  });

  it("shows the server's 401 message in an alert and keeps the typed email", async () => {
    stubFetch(() =>
      jsonResponse(401, { error: 'wrong_password', message: 'Wrong email or password.' }),
    );
    renderApp(SIGN_IN_PATH);
    await fillAndSubmit('ada@acme.test', 'wrong');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Wrong email or password.');
    expect(alert).not.toHaveTextContent('wrong_password');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@acme.test');
  });

  it('shows 400 field errors under their fields', async () => {
    stubFetch(() =>
      jsonResponse(400, {
        error: 'bad_request',
        message: 'Some fields are invalid.',
        errors: [{ path: 'email', message: 'This email address is not allowed.' }],
      }),
    );
    renderApp(SIGN_IN_PATH);
    await fillAndSubmit('ada@acme.test', 'secret');
    expect(await screen.findByText('This email address is not allowed.')).toBeInTheDocument();
  });

  it('offers to start again when the interaction has expired', async () => {
    stubFetch(() =>
      jsonResponse(410, {
        error: 'interaction_expired',
        message: 'This sign-in link has expired.',
      }),
    );
    renderApp(SIGN_IN_PATH);
    await fillAndSubmit('ada@acme.test', 'secret');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This sign-in link has expired.');
    expect(within(alert).getByRole('link', { name: 'Start again' })).toHaveAttribute(
      'href',
      '/app/home',
    );
  });
});
