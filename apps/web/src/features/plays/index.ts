export { PlayDetailsPage } from './components/play-details-page';
export { PlaysPage } from './components/plays-page';
export { canManagePlays } from './lib/can-manage-plays';
export { RecentPlayActivity } from './components/recent-play-activity';
export { ACTION_LABELS } from './lib/describe-play';
