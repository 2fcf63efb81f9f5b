import { organizationIdOf, testUser } from './app.js';
import { makePng, uploadProbe } from './uploads.js';
import { useTestApp } from './use-test-app.js';

/**
 * The content service's upload tests: an app, one signed-up user (`ada`), their organization,
 * a 300×200 PNG and the upload probe of that organization.
 */
export function useUploadsApp(email: string) {
  return useTestApp(async (t) => {
    const ada = await testUser(t, email);
    const orgId = await organizationIdOf(t, ada);
    return { ada, orgId, png: await makePng(300, 200), ...uploadProbe(t, orgId) };
  });
}
