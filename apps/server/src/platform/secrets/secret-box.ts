import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const VERSION = 'v1';

export class SecretBoxError extends Error {}

/**
 * Encrypts secrets at rest (database passwords, API keys, OAuth tokens, the identity
 * provider's signing key) with AES-256-GCM (docs/architecture.md §3.3). The record's id goes
 * in as associated data, so a sealed value copied onto another record does not open.
 * Sealed form: `v1.<iv>.<tag>.<ciphertext>`, base64url parts, safe in text and JSON columns.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new SecretBoxError('The secret key must be 32 bytes');
  }

  seal(plaintext: string, associatedData: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv);
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
    return [VERSION, ...parts].join('.');
  }

  open(sealed: string, associatedData: string): string {
    const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined || rest.length > 0)
      throw new SecretBoxError('Not a sealed secret');
    try {
      const decipher = createDecipheriv(ALGORITHM, this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(associatedData, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]);
      return plain.toString('utf8');
    } catch {
      // Wrong key, wrong record or tampered bytes: the same answer, nothing about which.
      throw new SecretBoxError('The secret could not be opened');
    }
  }

  /** JSON values (a token set, a connection config's secret fields). */
  sealJson(value: unknown, associatedData: string): string {
    return this.seal(JSON.stringify(value), associatedData);
  }

  openJson(sealed: string, associatedData: string): unknown {
    return JSON.parse(this.open(sealed, associatedData));
  }

  static isSealed(value: string): boolean {
    return value.startsWith(`${VERSION}.`) && value.split('.').length === 4;
  }
}
