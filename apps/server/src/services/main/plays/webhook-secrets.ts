import { randomBytes } from 'node:crypto';
import type { SecretBox } from '../../../platform/secrets/secret-box.js';

/** Signing secrets of a play's webhook actions, by action id. */
export type WebhookSecrets = Record<string, string>;

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64 (ADR 0024). */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** Sealed with the play's id as associated data (docs/architecture.md §3.3). */
export function sealWebhookSecrets(box: SecretBox, playId: string, secrets: WebhookSecrets) {
  return Object.keys(secrets).length === 0 ? null : box.sealJson(secrets, playId);
}

export function openWebhookSecrets(
  box: SecretBox,
  playId: string,
  sealed: string | null,
): WebhookSecrets {
  return sealed ? (box.openJson(sealed, playId) as WebhookSecrets) : {};
}
