import { importSPKI, jwtVerify } from 'jose';

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/**
 * Checks a token request as Google's endpoint does for a service account: the JWT-bearer
 * grant, an RS256 assertion whose issuer is a known account, signed by that account's key,
 * not expired, with a scope. Answers the account's address, or null to refuse.
 */
export async function verifyServiceAccountAssertion(
  form: URLSearchParams,
  publicKeys: ReadonlyMap<string, string>,
): Promise<string | null> {
  const assertion = form.get('assertion');
  if (form.get('grant_type') !== JWT_BEARER || !assertion) return null;
  const issuer = JSON.parse(
    Buffer.from(assertion.split('.')[1] ?? '', 'base64url').toString() || '{}',
  ) as { iss?: unknown };
  const pem = typeof issuer.iss === 'string' ? publicKeys.get(issuer.iss) : undefined;
  if (!pem) return null;
  try {
    const { payload } = await jwtVerify(assertion, await importSPKI(pem, 'RS256'), {
      algorithms: ['RS256'],
    });
    return typeof payload.scope === 'string' && payload.scope.length > 0
      ? (payload.iss ?? null)
      : null;
  } catch {
    return null;
  }
}
