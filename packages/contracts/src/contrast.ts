/**
 * WCAG 2.2 contrast between two opaque colours, for the focus ring's 3:1 (non-text contrast,
 * success criterion 1.4.11): the web theme's test and the browser flow both measure with it.
 */

/** WCAG's minimum contrast for user interface components such as focus indicators. */
export const MIN_NON_TEXT_CONTRAST = 3;

type Rgb = [number, number, number];

/** `#rgb`, `#rrggbb`, `rgb(r, g, b)` or an opaque `rgba(r, g, b, 1)`, as CSS computes them. */
export function parseColor(color: string): Rgb {
  const text = color.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(text)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    return [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16)) as Rgb;
  }
  const parts = /^rgba?\(([^)]*)\)$/
    .exec(text)?.[1]
    ?.split(/[\s,/]+/)
    .filter(Boolean);
  if (parts && (parts.length === 3 || (parts.length === 4 && Number(parts[3]) === 1))) {
    return parts.slice(0, 3).map(Number) as Rgb;
  }
  throw new Error(`not an opaque colour: ${color}`);
}

function luminance(color: string): number {
  const [red, green, blue] = parseColor(color).map((channel) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** The contrast ratio of two colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}
