/** A parsed A1 range: 1-based, inclusive; an open end reaches the last row or column. */
export interface A1Range {
  sheet: string;
  startRow: number;
  endRow: number | null;
  startColumn: number;
  endColumn: number | null;
}

/** A tab's name as A1 notation quotes it: `'My tab'`, quotes doubled. */
export const quotedTab = (tab: string) => `'${tab.replace(/'/g, "''")}'`;

/** 1 → A, 27 → AA. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

const columnNumber = (letters: string) =>
  [...letters.toUpperCase()].reduce((total, letter) => total * 26 + letter.charCodeAt(0) - 64, 0);

/** `'My tab'!A2:C10`, `Tab!2:500`, `Tab!A:C`, `Tab`, `A1:B2` (the first tab); null if bad. */
export function parseA1Range(text: string, firstSheet: string): A1Range | null {
  let sheet = firstSheet;
  let cells = text;
  const quoted = /^'((?:[^']|'')+)'(?:!(.*))?$/.exec(text);
  if (quoted) {
    sheet = quoted[1]!.replace(/''/g, "'");
    cells = quoted[2] ?? '';
  } else if (text.includes('!')) {
    [sheet, cells] = [text.slice(0, text.indexOf('!')), text.slice(text.indexOf('!') + 1)];
  } else if (!/^[A-Za-z]*\d*(:[A-Za-z]*\d*)?$/.test(text)) {
    [sheet, cells] = [text, ''];
  }
  if (cells === '') return { sheet, startRow: 1, endRow: null, startColumn: 1, endColumn: null };
  const match = /^([A-Za-z]*)(\d*)(?::([A-Za-z]*)(\d*))?$/.exec(cells);
  if (!match) return null;
  const [, startLetters = '', startDigits = '', endLetters, endDigits] = match;
  const single = endLetters === undefined;
  return {
    sheet,
    startRow: startDigits ? Number(startDigits) : 1,
    endRow: single ? Number(startDigits) || null : endDigits ? Number(endDigits) : null,
    startColumn: startLetters ? columnNumber(startLetters) : 1,
    endColumn: single
      ? columnNumber(startLetters) || null
      : endLetters
        ? columnNumber(endLetters)
        : null,
  };
}
