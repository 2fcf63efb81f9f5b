import { expect } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USER } from './demo.js';
import { signInForAccessToken } from './oauth.js';

/** Connects the demo organization's Slack to the app's sandbox workspace ("Allow"). */
export async function connectSandboxSlack(appUrl: string) {
  const token = await signInForAccessToken(appUrl, DEMO_USER.email, DEMO_PASSWORD);
  const started = await fetch(`${appUrl}/composer/api/v1/connections/slack`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(started.status).toBe(200);
  const authorize = new URL(
    ((await started.json()) as { data: { authorizeUrl: string } }).data.authorizeUrl,
  );
  const decision = new URL(`${authorize.origin}${authorize.pathname}/decision`);
  authorize.searchParams.forEach((value, key) => decision.searchParams.set(key, value));
  decision.searchParams.set('decision', 'allow');
  const callback = (await fetch(decision, { redirect: 'manual' })).headers.get('location')!;
  const done = await fetch(callback, { redirect: 'manual' });
  expect(done.headers.get('location')).toContain('connected=slack');
}

export interface SandboxSlackMessage {
  kind: string;
  body: { channel: string; text: string; metadata?: { event_type: string } };
}

/** What the sandbox Slack workspace received from the demo organization, oldest first. */
export async function readSandboxSlack(appUrl: string): Promise<SandboxSlackMessage[]> {
  const token = await signInForAccessToken(appUrl, DEMO_USER.email, DEMO_PASSWORD);
  const received = await fetch(`${appUrl}/sandbox/slack/received`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(received.status).toBe(200);
  return (await received.json()) as SandboxSlackMessage[];
}
