/** The token of a reset link, which carries it in the fragment (`#token=…`); '' when none. */
export function readResetToken(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
}

/**
 * Takes the token out of the address bar (and so out of the history): it stays in memory
 * for the page's requests only.
 */
export function removeResetTokenFromAddressBar(): void {
  if (!window.location.hash) return;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
}
