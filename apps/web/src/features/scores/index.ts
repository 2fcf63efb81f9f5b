export { NewScorePage } from './components/new-score-page';
export { RecordScoresCard } from './components/record-scores-card';
export { ScoreDetailsPage } from './components/score-details-page';
export { ScoresPage } from './components/scores-page';
export { canManageScores } from './lib/can-manage-scores';
export type { FiltersFieldComponent } from './lib/filters-field';
