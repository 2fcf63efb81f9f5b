import { ERROR_TEXTS } from '@revlane/contracts';

// Storage can be missing or throw (private mode, blocked cookies); the product then works
// without persistence instead of failing, and says so once in the console (docs/product.md §8).
let hasWarned = false;

function warnOnce() {
  if (hasWarned) return;
  hasWarned = true;
  console.warn(ERROR_TEXTS.localStorageUnavailable);
}

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    warnOnce();
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    warnOnce();
  }
}

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    warnOnce();
  }
}
