import { describe, expect, it } from 'vitest';
import type { ProviderSettings } from '../../../platform/connections-config.js';
import type { SyncRecord } from '../../../ingestion/syncs/syncs.repository.js';
import { toConnection } from './connection-response.js';
import type { ConnectionRecord } from '../../../integrations/core/connections.repository.js';

const SETTINGS: ProviderSettings = {
  isAvailable: true,
  sandbox: true,
  clientId: 'revlane-sandbox',
  clientSecret: 'sandbox-secret',
  authorizeUrl: 'http://127.0.0.1/sandbox/hubspot/oauth/authorize',
  apiUrl: 'http://127.0.0.1/sandbox/hubspot',
};
const CONNECTED_AT = new Date('2026-11-20T09:00:00Z');

const row = {
  status: 'connected',
  account: 'Acme',
  access: 'read',
  connectedAt: CONNECTED_AT,
  lastError: null,
  sandbox: true,
  sourceId: null,
} as unknown as ConnectionRecord;
const run = (status: string, createdAt: Date, error: string | null = null) =>
  ({ status, createdAt, error }) as unknown as SyncRecord;

describe('a connection as GET connections answers it', () => {
  it('is "error" with the run’s message when its latest run since connecting failed', () => {
    const failed = run(
      'failed',
      new Date('2026-11-21T09:00:00Z'),
      'HubSpot answered HTTP 500: boom',
    );
    expect(toConnection('hubspot', SETTINGS, row, failed, null)).toMatchObject({
      status: 'error',
      lastError: 'HubSpot answered HTTP 500: boom',
    });
  });

  it('is "connected" again once a later run succeeds, or when the failure predates a reconnect', () => {
    const succeeded = run('succeeded', new Date('2026-11-21T10:00:00Z'));
    expect(toConnection('hubspot', SETTINGS, row, succeeded, CONNECTED_AT).status).toBe(
      'connected',
    );
    const before = run('failed', new Date('2026-11-19T09:00:00Z'), 'old');
    expect(toConnection('hubspot', SETTINGS, row, before, null)).toMatchObject({
      status: 'connected',
      lastError: null,
    });
  });

  it('is "syncing" while a run is queued or running, and not connected without a row', () => {
    expect(toConnection('hubspot', SETTINGS, row, run('running', new Date()), null).status).toBe(
      'syncing',
    );
    expect(toConnection('hubspot', SETTINGS, undefined, undefined, null)).toMatchObject({
      status: 'not_connected',
      sandbox: true,
      available: true,
    });
  });
});
