import { SESSION_STORAGE_KEYS } from '@revlane/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { makeToken } from '@/testing/jwt';
import { stubLocationAssign } from '@/testing/location-stub';
import { useSession } from '../hooks/use-session';
import { ImpersonationSessionProvider } from './impersonation-session-provider';

function TokenProbe() {
  const session = useSession();
  const [result, setResult] = useState('');
  const askForToken = () =>
    session.getAccessToken().then(
      (token) => setResult(`token:${token}`),
      (error: Error) => setResult(`error:${error.message}`),
    );
  return (
    <>
      <p>{`loading=${session.isLoading} authenticated=${session.isAuthenticated}`}</p>
      <button onClick={() => void askForToken()}>Get token</button>
      <output>{result}</output>
    </>
  );
}

function renderWith(accessToken: string) {
  localStorage.setItem(SESSION_STORAGE_KEYS.accessToken, accessToken);
  localStorage.setItem(SESSION_STORAGE_KEYS.impersonateUser, 'user-42');
  render(
    <ImpersonationSessionProvider credentials={{ accessToken, impersonatedUserId: 'user-42' }}>
      <TokenProbe />
    </ImpersonationSessionProvider>,
  );
}

describe('ImpersonationSessionProvider', () => {
  it('is always authenticated, never loading, and hands out the stored token', async () => {
    const token = makeToken();
    renderWith(token);
    expect(screen.getByText('loading=false authenticated=true')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Get token' }));
    expect(await screen.findByText(`token:${token}`)).toBeInTheDocument();
  });

  it('logs out and clears the stored session once the token has expired', async () => {
    const assign = stubLocationAssign();
    renderWith(makeToken({}, -5));
    await userEvent.click(screen.getByRole('button', { name: 'Get token' }));

    expect(await screen.findByText(/^error:/)).toBeInTheDocument();
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.impersonateUser)).toBeNull();
    expect(assign).toHaveBeenCalledWith('/');
  });
});
