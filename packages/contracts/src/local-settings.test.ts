import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_SETTINGS, localSettingsSchema } from './local-settings.js';

describe('local settings', () => {
  it('fills every field from defaults when the stored value is empty', () => {
    expect(localSettingsSchema.parse({})).toEqual(DEFAULT_LOCAL_SETTINGS);
  });

  it('keeps valid fields and repairs damaged ones', () => {
    expect(
      localSettingsSchema.parse({ navSettings: { miniSidebarNav: 'yes' }, selectedPlay: 'p1' }),
    ).toEqual({
      navSettings: { miniSidebarNav: false },
      selectedPlay: 'p1',
      selectedUser: null,
      segmentViews: {},
    });
    expect(
      localSettingsSchema.parse({ navSettings: { miniSidebarNav: true } }).navSettings,
    ).toEqual({ miniSidebarNav: true });
  });

  it('keeps the last view per segment and drops a damaged map', () => {
    expect(localSettingsSchema.parse({ segmentViews: { s1: 'sortBy=x' } }).segmentViews).toEqual({
      s1: 'sortBy=x',
    });
    expect(localSettingsSchema.parse({ segmentViews: { s1: 3 } }).segmentViews).toEqual({});
  });
});
