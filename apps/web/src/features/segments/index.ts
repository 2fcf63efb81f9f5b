export { segmentsKeys } from './api/segments-keys';
export {
  useMySegments,
  usePrefetchMySegments,
  mySegmentsQueryOptions,
} from './api/get-my-segments';
export { CohortPage } from './components/cohort-page';
export { SegmentSettingsLayout } from './components/segment-settings-layout';
export { SegmentSettingsTabContent } from './components/segment-settings-tab';
export { SEGMENT_SETTINGS_TABS, toSettingsTab, type SegmentSettingsTab } from './lib/settings-tabs';
