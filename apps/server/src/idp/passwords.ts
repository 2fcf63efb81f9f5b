import { randomBytes } from 'node:crypto';
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

let dummyHash: Promise<string> | undefined;

/**
 * Checks a sign-in's password against the account's hash, or, when there is no account (or
 * it has no password), against a hash of a random password made once per process: the
 * answer is false either way, but it takes one argon2 verification like a real check, so the
 * time of the answer does not tell whether the email has an account.
 */
export async function checkSignInPassword(
  passwordHash: string | undefined,
  password: string,
  check: typeof verifyPassword = verifyPassword,
): Promise<boolean> {
  if (passwordHash !== undefined) return check(passwordHash, password);
  dummyHash ??= hashPassword(randomBytes(18).toString('base64url'));
  await check(await dummyHash, password);
  return false;
}
