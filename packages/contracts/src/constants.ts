/** Business constants of docs/product.md §9, in one place. */
export const IDLE_TIMEOUT_MINUTES = 120;
export const IDLE_PROMPT_MINUTES = 2;
export const IDLE_COUNTDOWN_TICK_MS = 1000;

/** date-fns format for every timestamp shown (docs/product.md §9). */
export const DATE_FORMAT = "MMMM dd yyyy 'at' hh:mm aa";

export const MODAL_WIDTH = 520;
export const CONFIRM_MODAL_WIDTH = 416;
export const COPY_CONFIRMATION_MS = 3000;
export const QUERY_STALE_TIME_MS = 30_000;

export const SIDEBAR_MINI_WIDTH_PX = 72;

/** Local settings (docs/product.md §3) are persisted under this product-prefixed key. */
export const LOCAL_SETTINGS_KEY = 'revlane.settings';

export const COPYRIGHT_LINE = '© 2022 Revlane, Inc. All rights reserved.';
export const TAGLINE = 'The #1 Data Automation Platform for Revenue Teams.';
