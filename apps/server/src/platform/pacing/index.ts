export {
  createPacer,
  PACING_MAX_WAIT_MS,
  waitForSlot,
  type Pacer,
  type PacingSlot,
  type ReserveOptions,
} from './pacer.js';
export { pacingPlugin } from './pacing-plugin.js';
