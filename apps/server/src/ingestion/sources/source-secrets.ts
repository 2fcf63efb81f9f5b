import { SECRET_FIELDS, type SourceType } from '@revlane/contracts';
import type { SecretBox } from '../../platform/secrets/secret-box.js';

export type SourceSettings = Record<string, unknown>;

/** A config split into what may be stored and answered, and what is sealed. */
export interface SplitConfig {
  visible: SourceSettings;
  secrets: Record<string, string>;
}

export function splitConfig(type: SourceType, config: SourceSettings): SplitConfig {
  const secretNames = new Set(SECRET_FIELDS[type]);
  const visible: SourceSettings = {};
  const secrets: Record<string, string> = {};
  for (const [key, value] of Object.entries(config)) {
    if (value === undefined) continue;
    if (secretNames.has(key))
      secrets[key] = typeof value === 'string' ? value : JSON.stringify(value);
    else visible[key] = value;
  }
  return { visible, secrets };
}

/** The sealed form of a source's secrets (null when it has none); the source id is the AAD. */
export function sealSecrets(
  box: SecretBox,
  sourceId: string,
  secrets: Record<string, string>,
): string | null {
  return Object.keys(secrets).length === 0 ? null : box.sealJson(secrets, sourceId);
}

export function openSecrets(
  box: SecretBox,
  sourceId: string,
  sealed: string | null,
): Record<string, string> {
  return sealed ? (box.openJson(sealed, sourceId) as Record<string, string>) : {};
}

/** The full config a connector needs: the visible fields with the secrets opened back in. */
export function fullConfig(
  box: SecretBox,
  source: { id: string; config: SourceSettings; sealedSecrets: string | null },
): SourceSettings {
  return { ...source.config, ...openSecrets(box, source.id, source.sealedSecrets) };
}
