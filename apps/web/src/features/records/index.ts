export { recordsKeys } from './api/records-keys';
export { RecordPage } from './components/record-page';
export type { RecordDisplay, ScoresCardComponent, ValueCellComponent } from './lib/record-display';
