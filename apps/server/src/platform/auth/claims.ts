import type { JWTPayload } from 'jose';

/** The profile facts we provision a user from (docs/architecture.md §2). */
export interface ProfileClaims {
  email: string | undefined;
  /**
   * The provider's `email_verified`; undefined when it says nothing (Auth0 access tokens
   * carry only the claims an Action adds). Only `false` is known to be unverified.
   */
  emailVerified: boolean | undefined;
  name: string | undefined;
  picture: string | undefined;
  orgId: string | undefined;
  orgName: string | undefined;
}

/**
 * A claim by its plain name, or Auth0-style namespaced (`https://revlane.example/email`):
 * Auth0 only lets rules/actions add custom claims to access tokens under a URL namespace.
 */
export function readClaim(payload: Record<string, unknown>, name: string): unknown {
  if (payload[name] !== undefined) return payload[name];
  const suffix = `/${name}`;
  const key = Object.keys(payload).find(
    (candidate) => candidate.includes('://') && candidate.endsWith(suffix),
  );
  return key === undefined ? undefined : payload[key];
}

function readString(payload: Record<string, unknown>, name: string): string | undefined {
  const value = readClaim(payload, name);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function readBoolean(payload: Record<string, unknown>, name: string): boolean | undefined {
  const value = readClaim(payload, name);
  // Some providers send booleans as strings ("false"); anything else is no answer.
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

export function readProfileClaims(payload: Record<string, unknown>): ProfileClaims {
  return {
    email: readString(payload, 'email')?.toLowerCase(),
    emailVerified: readBoolean(payload, 'email_verified'),
    name: readString(payload, 'name') ?? readString(payload, 'nickname'),
    picture: readString(payload, 'picture'),
    orgId: readString(payload, 'org_id'),
    orgName: readString(payload, 'org_name'),
  };
}

/** Auth0 RBAC puts granted permissions in a `permissions` array claim of the access token. */
export function readPermissions(payload: JWTPayload): string[] {
  const value = readClaim(payload, 'permissions');
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

/** Token claims completed by `/userinfo`; what the token says is kept where userinfo is silent. */
export function mergeClaims(fromToken: ProfileClaims, fromUserinfo: ProfileClaims): ProfileClaims {
  return {
    email: fromUserinfo.email ?? fromToken.email,
    emailVerified: fromUserinfo.emailVerified ?? fromToken.emailVerified,
    name: fromUserinfo.name ?? fromToken.name,
    picture: fromUserinfo.picture ?? fromToken.picture,
    orgId: fromUserinfo.orgId ?? fromToken.orgId,
    orgName: fromUserinfo.orgName ?? fromToken.orgName,
  };
}
