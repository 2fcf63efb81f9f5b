/**
 * Two-letter initials for collapsed menu items and avatars without a photo (docs/product.md §2):
 * the first letters of the first two words, or the first two letters of a single word.
 * An email counts by its local part, so `alex.member@acme.example` becomes "AM".
 */
export function getInitials(text: string | null | undefined, fallback = '?'): string {
  const source = (text ?? '').split('@')[0] ?? '';
  const words = source.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const [first, second] = words;
  if (!first) return fallback;
  const letters = second ? [...first][0]! + [...second][0]! : [...first].slice(0, 2).join('');
  return letters.toUpperCase();
}
