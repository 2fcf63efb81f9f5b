import { getInitials } from '@/common/lib/initials';

/** The letters and digits of a label, upper case, in order. */
const lettersOf = (label: string) =>
  [...label.toUpperCase()].filter((character) => /[\p{L}\p{N}]/u.test(character));

/** A label's initials by preference: its usual two, then its first letter with each later one. */
function candidates(label: string): string[] {
  const [first = '?', ...rest] = lettersOf(label);
  return [getInitials(label), ...rest.map((letter) => first + letter)];
}

/**
 * Two-letter initials for the mini sidebar's entries, in their order and distinct from one
 * another (docs/product.md §2): an entry keeps its usual initials unless another shares them;
 * those that share take their first letter with the next letter no other entry has used, in
 * menu order (Setup "ST", Segments "SG"). When no letter is left, a digit tells them apart.
 */
export function distinctInitials(labels: readonly string[]): string[] {
  const preferred = labels.map((label) => getInitials(label));
  const shared = new Set(preferred.filter((initials, at) => preferred.indexOf(initials) !== at));
  const used = new Set(preferred.filter((initials) => !shared.has(initials)));
  return labels.map((label, at) => {
    const usual = preferred[at]!;
    if (!shared.has(usual)) return usual;
    const free = candidates(label).find((option) => !used.has(option) && !shared.has(option));
    const initials = free ?? numbered(usual.charAt(0), used);
    used.add(initials);
    return initials;
  });
}

function numbered(letter: string, used: ReadonlySet<string>): string {
  for (let digit = 1; ; digit += 1) {
    if (!used.has(`${letter}${digit}`)) return `${letter}${digit}`;
  }
}
