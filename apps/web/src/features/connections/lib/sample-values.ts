const SAMPLES = 3;
const MAX_LENGTH = 24;

function sampleText(value: unknown): string {
  const text =
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : JSON.stringify(value);
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text;
}

/** A few distinct, non-blank values per column of a preview: what a column holds, at a glance. */
export function sampleValuesByColumn(
  rows: readonly Record<string, unknown>[],
): Map<string, string[]> {
  const samples = new Map<string, string[]>();
  for (const row of rows)
    for (const [column, value] of Object.entries(row)) {
      if (value === null || value === undefined || value === '') continue;
      const seen = samples.get(column) ?? [];
      const text = sampleText(value);
      if (seen.length < SAMPLES && !seen.includes(text)) samples.set(column, [...seen, text]);
    }
  return samples;
}
