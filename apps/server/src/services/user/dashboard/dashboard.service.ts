import {
  DEFAULT_DASHBOARD_SETTINGS,
  dashboardSettingsSchema,
  type DashboardSettings,
} from '@revlane/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import type { Database } from '../../../platform/database/database.js';
import { notFound } from '../../../platform/errors/http-error.js';
import { findDashboard, mergeDashboard } from '../users/users.repository.js';

const storedSettingsSchema = dashboardSettingsSchema.partial();

/**
 * Defaults completed by what the user saved; a stored value that no longer fits the schema
 * (a setting renamed or removed later) falls back to its default instead of failing.
 */
function withDefaults(stored: unknown): DashboardSettings {
  const settings: DashboardSettings = { ...DEFAULT_DASHBOARD_SETTINGS };
  if (stored === null || typeof stored !== 'object') return settings;
  for (const [key, value] of Object.entries(stored as Record<string, unknown>)) {
    const parsed = storedSettingsSchema.safeParse({ [key]: value });
    if (parsed.success) Object.assign(settings, parsed.data);
  }
  return settings;
}

export async function getDashboardSettings(
  db: Database,
  auth: AuthContext,
): Promise<DashboardSettings> {
  const row = await findDashboard(db, auth.org.id, auth.user.id);
  if (!row) throw notFound('User');
  return withDefaults(row.dashboard);
}

export async function updateDashboardSettings(
  db: Database,
  auth: AuthContext,
  changes: Partial<DashboardSettings>,
): Promise<DashboardSettings> {
  const row = await mergeDashboard(db, auth.org.id, auth.user.id, changes);
  if (!row) throw notFound('User');
  return withDefaults(row.dashboard);
}
