import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';

const ANSWER = 'If an account exists for that address, we sent a link';
const TOKEN = 'k'.repeat(43);

describe('forgot password (/forgot-password)', () => {
  it('is reached from the sign-in screen and gives the one answer for the address', async () => {
    const { requests } = stubFetch(() => jsonResponse(200, { data: { message: ANSWER } }));
    renderApp('/idp/interaction/abc123');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));

    await user.click(await screen.findByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('Please enter your email')).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await user.type(screen.getByLabelText('Email'), 'ada@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText(ANSWER)).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      url: '/idp/forgot-password',
      method: 'POST',
      body: { email: 'ada@acme.test' },
    });
    expect(screen.queryByRole('button', { name: 'Send link' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/app/home',
    );
  });

  it('shows a refusal (too many requests) in an alert and keeps the form', async () => {
    stubFetch(() =>
      jsonResponse(429, {
        error: 'too_many_requests',
        message: 'Too many requests. Please try again in 15 minutes.',
      }),
    );
    renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please try again in 15 minutes.',
    );
    expect(screen.getByLabelText('Email')).toHaveValue('ada@acme.test');
  });
});

describe('reset password (/reset-password#token=…)', () => {
  it('checks the link, asks for the password twice under the rules, and leads to sign-in', async () => {
    const { requests } = stubFetch(({ url }) =>
      jsonResponse(200, {
        data: {
          message: url.endsWith('/check')
            ? 'Choose a new password.'
            : 'Your password has been changed. Sign in with your new password.',
        },
      }),
    );
    renderApp(`/reset-password#token=${TOKEN}`);
    const password = await screen.findByLabelText('New password');
    // The token leaves the address bar at once; the page keeps it in memory.
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/reset-password');
    expect(requests[0]).toMatchObject({
      url: '/idp/reset-password/check',
      body: { token: TOKEN },
    });

    const user = userEvent.setup();
    await user.type(password, 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Use at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('The two passwords do not match.')).toBeInTheDocument();
    expect(requests).toHaveLength(1);

    await user.clear(password);
    await user.type(password, 'a brand new secret');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'a brand new secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(
      await screen.findByText('Your password has been changed. Sign in with your new password.'),
    ).toBeInTheDocument();
    expect(requests[1]).toMatchObject({
      url: '/idp/reset-password',
      method: 'POST',
      body: { token: TOKEN, password: 'a brand new secret' },
    });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/app/home');
  });

  it('says a used link is used and offers a new one, without asking for a password', async () => {
    stubFetch(() =>
      jsonResponse(410, {
        error: 'reset_link_used',
        message: 'This link has already been used. Request a new one.',
      }),
    );
    renderApp(`/reset-password#token=${TOKEN}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This link has already been used. Request a new one.');
    expect(within(alert).getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('says a link without a token is not valid, without calling the server', async () => {
    const { fetchStub } = stubFetch(() => jsonResponse(500));
    renderApp('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is not valid. Request a new one.',
    );
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('swaps the form for the dead-link alert when the link expires meanwhile', async () => {
    stubFetch(({ url }) =>
      url.endsWith('/check')
        ? jsonResponse(200, { data: { message: 'Choose a new password.' } })
        : jsonResponse(410, {
            error: 'reset_link_expired',
            message: 'This link has expired. Request a new one.',
          }),
    );
    renderApp(`/reset-password#token=${TOKEN}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'a brand new secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'a brand new secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link has expired. Request a new one.',
    );
    await waitFor(() => expect(screen.queryByLabelText('New password')).not.toBeInTheDocument());
  });
});
