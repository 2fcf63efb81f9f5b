import { describe, expect, it } from 'vitest';
import { lastRecordEnd } from '../csv-record-ends.js';

const end = (text: string, quote = '"') => lastRecordEnd(Buffer.from(text), quote);

describe('lastRecordEnd', () => {
  it('answers just after the last line feed, or -1 without one', () => {
    expect(end('a,b\n1,2\n3,')).toBe('a,b\n1,2\n'.length);
    expect(end('a,b\n1,2\n')).toBe('a,b\n1,2\n'.length);
    expect(end('a,b')).toBe(-1);
    expect(end('')).toBe(-1);
  });

  it('skips line feeds inside quotes, with doubled quotes inside them', () => {
    expect(end('id,note\n1,"two\nlines"\n2,"open\n')).toBe('id,note\n1,"two\nlines"\n'.length);
    expect(end('id,note\n1,"say ""hi""\nthere",x\n2,"')).toBe(
      'id,note\n1,"say ""hi""\nthere",x\n'.length,
    );
    expect(end('"a\nb"')).toBe(-1);
    expect(end('"\n"\n"')).toBe(4);
  });

  it('cuts at any line feed when the dialect has no quote', () => {
    expect(end('a,"b\nc', '')).toBe(5);
  });
});
