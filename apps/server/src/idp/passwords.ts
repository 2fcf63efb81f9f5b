import { hash, verify } from '@node-rs/argon2';

/**
 * Password hashing of embedded-provider users. @node-rs/argon2 defaults to argon2id with the
 * OWASP-recommended costs (19 MiB, 2 passes), and the PHC string carries its own parameters,
 * so raising the costs later keeps old hashes verifiable.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** False (never a throw) for a malformed stored hash: the user just cannot sign in with it. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
