import type { AppConfigServer } from './platform/config.js';

interface SeededDemo {
  demoEmail: string;
  supportEmail: string;
}

/**
 * What `npm start` prints once it listens. The demo password is printed only while it is the
 * documented default (README): a password someone chose (`DEMO_PASSWORD`) is a secret, and
 * console output ends up in CI logs and terminal recordings.
 */
export function startupBanner(
  config: Pick<AppConfigServer, 'appUrl' | 'port' | 'identity' | 'demo'>,
  address: string,
  demo: SeededDemo | null,
): string {
  const lines = [``, `Revlane is ready at ${config.appUrl}`];
  if (!address.endsWith(`:${config.port}`) || config.port === 0)
    lines.push(`(listening on ${address})`);
  lines.push(
    config.identity.kind === 'embedded'
      ? `Sign-in: embedded identity provider at ${config.identity.domain}`
      : `Sign-in: external identity provider at ${config.identity.domain}`,
  );
  if (demo) {
    const password = config.demo.isDefaultPassword
      ? config.demo.password
      : '(the password set in DEMO_PASSWORD)';
    lines.push(`Demo sign-in: ${demo.demoEmail} / ${password}`);
    lines.push(`Support sign-in (may impersonate): ${demo.supportEmail} / ${password}`);
  }
  return `${lines.join('\n')}\n`;
}
