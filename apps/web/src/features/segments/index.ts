export { segmentsKeys } from './api/segments-keys';
// The segment list is read by other features too, so its query lives in common/queries.
export { usePrefetchMySegments } from '@/common/queries';
export { SegmentFrame } from './components/segment-frame';
export { SegmentSettingsLink } from './components/segment-settings-link';
export { SegmentWorkspace } from './components/segment-workspace';
export { SegmentCell } from './components/table/segment-cell';
export { Sparkline } from './components/table/sparkline';
export { ExportButton } from './components/toolbar/export-button';
// The filter builder as a form control, for other features' editors (passed in by routes).
export { BaseFiltersField as FiltersField } from './components/settings/base-filters-field';
export { SegmentSettingsLayout } from './components/segment-settings-layout';
export { SegmentSettingsTabContent } from './components/segment-settings-tab';
export { useRecordVocabulary, type RecordVocabulary } from './hooks/use-record-vocabulary';
export { useSegmentView } from './hooks/use-segment-view';
export { SEGMENT_SETTINGS_TABS, toSettingsTab, type SegmentSettingsTab } from './lib/settings-tabs';
export { CreateSegmentDialog } from './components/create-segment-dialog';
