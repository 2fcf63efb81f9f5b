export * from './core.js';
export * from './idp.js';
