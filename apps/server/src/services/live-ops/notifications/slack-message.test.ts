import { describe, expect, it } from 'vitest';
import { emailMessage, slackMessage, type FiringMessage } from './slack-message.js';

const records = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `a${i}`, name: `Acme ${i}`, domain: null }));
const link = 'http://app.test/app/notifications/n1';
const texts = (blocks: object[]) =>
  blocks.map((block) => (block as { text: { text: string } }).text.text);

describe('the firing as a Slack message and an email (ADR 0023)', () => {
  it('a drop lists the records that left, ten of them, and "+N more" for the rest', () => {
    const less: FiringMessage = {
      alertName: 'Pro shrinking',
      type: 'less',
      count: 80,
      previousCount: 100,
      records: records(20),
      link,
    };
    const { text, blocks } = slackMessage(less);
    expect(text).toBe('Pro shrinking: down to 80 from 100');
    expect(texts(blocks)).toEqual([
      'Pro shrinking: down to 80 from 100',
      ...records(10).map((record) => record.name),
      `<${link}|+10 more>`,
    ]);
    expect(emailMessage(less).text).not.toContain('and');
    expect(emailMessage({ ...less, records: records(60) }).text).toContain('- and 10 more');
  });

  it('a small firing lists every record and links to the alert', () => {
    const small: FiringMessage = {
      alertName: 'New pro',
      type: 'new',
      count: 2,
      previousCount: null,
      records: records(2),
      link,
    };
    expect(texts(slackMessage(small).blocks)).toEqual([
      'New pro: 2 new records',
      'Acme 0',
      'Acme 1',
      `<${link}|Open the alert>`,
    ]);
  });
});
