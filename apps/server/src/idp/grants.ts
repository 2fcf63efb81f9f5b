import type { Grant, KoaContextWithOIDC } from 'oidc-provider';

/**
 * `loadExistingGrant` with implicit consent for our own SPA: a first-party client never shows
 * a consent screen (neither does Auth0 for first-party apps), so the grant simply covers
 * whatever the request asks for. Other clients keep the provider's default behaviour.
 */
export function createGrantLoader(firstPartyClientId: string) {
  return async function loadExistingGrant(ctx: KoaContextWithOIDC): Promise<Grant | undefined> {
    const { oidc } = ctx;
    const { client, session, account } = oidc;
    if (!client || !session || !account) return undefined;

    const grantId = oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
    let grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
    // After a switch of account in the same browser the old grant belongs to someone else.
    if (grant && grant.accountId !== account.accountId) grant = undefined;
    if (client.clientId !== firstPartyClientId) return grant;

    grant ??= new oidc.provider.Grant({ clientId: client.clientId, accountId: account.accountId });
    grantRequested(ctx, grant);
    await grant.save();
    return grant;
  };
}

/** Adds the requested scopes, claims and API scopes to a grant (what a consent screen would). */
export function grantRequested(ctx: KoaContextWithOIDC, grant: Grant): void {
  const { oidc } = ctx;
  if (oidc.requestParamOIDCScopes.size) grant.addOIDCScope(oidc.requestParamOIDCScopes);
  if (oidc.requestParamClaims.size) grant.addOIDCClaims(oidc.requestParamClaims);
  for (const [indicator, resourceServer] of Object.entries(oidc.resourceServers ?? {})) {
    const scopes = [...oidc.requestParamScopes].filter((scope) => resourceServer.scopes.has(scope));
    if (scopes.length) grant.addResourceScope(indicator, scopes);
  }
}
