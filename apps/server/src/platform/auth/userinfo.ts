import { serviceUnavailable, unauthorized } from '../errors/http-error.js';
import { readProfileClaims, type ProfileClaims } from './claims.js';

const USERINFO_TIMEOUT_MS = 5_000;

/**
 * Reads the profile from the identity provider's `/userinfo` when the access token carries
 * no email (Auth0 access tokens usually don't). Only called once per user, at provisioning.
 */
export async function fetchUserinfo(domain: string, accessToken: string): Promise<ProfileClaims> {
  let response: Response;
  try {
    response = await fetch(`${domain}/userinfo`, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(USERINFO_TIMEOUT_MS),
    });
  } catch {
    throw serviceUnavailable(
      'The identity provider could not be reached; please try again shortly',
    );
  }
  if (response.status === 401 || response.status === 403) {
    throw unauthorized('The identity provider did not share the user profile for this token');
  }
  if (!response.ok) {
    throw serviceUnavailable(
      `The identity provider answered ${response.status} for the user profile`,
    );
  }
  const body: unknown = await response.json().catch(() => null);
  if (body === null || typeof body !== 'object') {
    throw serviceUnavailable('The identity provider returned an unreadable user profile');
  }
  return readProfileClaims(body as Record<string, unknown>);
}
