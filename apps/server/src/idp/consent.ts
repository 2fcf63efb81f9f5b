import type Provider from 'oidc-provider';
import type { Interaction } from 'oidc-provider';

/**
 * Grants what a consent prompt found missing (the interaction's prompt details), on the
 * interaction's existing grant when it has one; returns the grant id for the result.
 */
export async function createConsentGrant(provider: Provider, interaction: Interaction) {
  const details = interaction.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  const grant =
    (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
    new provider.Grant({
      accountId: interaction.session?.accountId,
      clientId: String(interaction.params.client_id),
    });
  if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope);
  if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes);
  }
  return grant.save();
}
