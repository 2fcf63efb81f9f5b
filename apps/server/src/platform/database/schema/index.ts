export * from './core.js';
export * from './idp.js';
export * from './live-ops.js';
export * from './content.js';
export * from './cohorts.js';
export * from './password-resets.js';
export * from './sources.js';
export * from './mappings.js';
