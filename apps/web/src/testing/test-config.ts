import type { AppConfig } from '@revlane/contracts';

const ORIGIN = 'http://localhost:3000';

/** The configuration the server hands out by default (embedded identity provider). */
export const testConfig: AppConfig = {
  services: {
    main: `${ORIGIN}/api/v1`,
    user: `${ORIGIN}/user/api/v1`,
    composer: `${ORIGIN}/composer/api/v1`,
    liveOps: `${ORIGIN}/live-ops/api/v1`,
    content: `${ORIGIN}/content/api/v1`,
    transfer: `${ORIGIN}/transfer`,
  },
  auth: { domain: `${ORIGIN}/idp`, clientId: 'revlane-web', audience: 'organizer', embedded: true },
  idle: { timeoutMinutes: 120, promptMinutes: 2 },
  featureFlags: { edit_play_schedule: false },
  scheduling: { url: 'https://calendly.com/revlane/demo', eventType: 'demo' },
  googleServiceAccountEmail: 'sheets@revlane-demo.iam.gserviceaccount.com',
};
