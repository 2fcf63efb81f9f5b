import { describe, expect, it } from 'vitest';
import { loadConfig } from './platform/config.js';
import { startupBanner } from './startup-banner.js';

const demo = { demoEmail: 'demo@acme.example', supportEmail: 'support@revlane.dev' };

describe('the start-up banner', () => {
  it('prints the README’s default demo password, which is no secret', () => {
    const banner = startupBanner(loadConfig({}), 'http://127.0.0.1:3000', demo);
    expect(banner).toContain('Demo sign-in: demo@acme.example / revlane-demo-2022');
  });

  it('never prints a password set in DEMO_PASSWORD', () => {
    const config = loadConfig({ DEMO_PASSWORD: 'Tr0ub4dor&3-chosen' });
    const banner = startupBanner(config, 'http://127.0.0.1:3000', demo);
    expect(config.demo.password).toBe('Tr0ub4dor&3-chosen');
    expect(banner).not.toContain('Tr0ub4dor');
    expect(banner).toContain(
      'Demo sign-in: demo@acme.example / (the password set in DEMO_PASSWORD)',
    );
    expect(banner).toContain('Support sign-in (may impersonate): support@revlane.dev / (the');
  });
});
