import { EDIT_PLAY_SCHEDULE_FLAG } from '@revlane/contracts';
import { useAppConfig } from '@/common/config';

/** Whether `/config.json` turns on `edit_play_schedule`: schedules are editable only then (ADR 0024). */
export const useCanEditSchedule = () =>
  useAppConfig().featureFlags[EDIT_PLAY_SCHEDULE_FLAG] === true;

/** What a read-only schedule says, naming the flag as the API's 403 does. */
export const SCHEDULE_FLAG_NOTE = `Editing a schedule needs the feature flag ${EDIT_PLAY_SCHEDULE_FLAG}, which is off on this server.`;
