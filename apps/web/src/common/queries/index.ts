export { columnCatalogueQuery } from './column-catalogue';
export { mappingQuery } from './mapping';
export { mySegmentsQuery, useMySegments, usePrefetchMySegments } from './my-segments';
export { segmentCohortsQuery, useCohortChoices } from './segment-cohorts';
export { segmentDetailQuery, useSegmentBaseTable } from './segment-detail';
export { sharedKeys } from './shared-keys';
export { slackChannelsQuery, useSlackChannels } from './slack-channels';
