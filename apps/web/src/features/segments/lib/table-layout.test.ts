import { describe, expect, it } from 'vitest';
import { columnWidth, leadWithName } from './table-layout';

const named = (...names: string[]) => names.map((name) => ({ name }));

describe('segment table layout', () => {
  it('leads with the record’s name wherever the segment shows it, the rest in their order', () => {
    expect(leadWithName(named('plan', 'name', 'mrr', 'seats')).map(({ name }) => name)).toEqual([
      'name',
      'plan',
      'mrr',
      'seats',
    ]);
  });

  it('keeps the order when the name is first or not shown at all', () => {
    expect(leadWithName(named('name', 'plan'))).toEqual(named('name', 'plan'));
    expect(leadWithName(named('email', 'plan'))).toEqual(named('email', 'plan'));
    expect(leadWithName([])).toEqual([]);
  });

  it('gives a header room for its label on one line, up to a limit', () => {
    // A numeric column is 140 px for its values; its label needs more.
    expect(columnWidth({ label: 'Seats', dataType: 'numeric' })).toBe(140);
    expect(columnWidth({ label: 'Active users (7d)', dataType: 'numeric' })).toBe(192);
    expect(columnWidth({ label: 'Activity (30d)', dataType: 'timeseries' })).toBe(168);
    // A timestamp is as wide as "September 30 2026 at 12:00 PM".
    expect(columnWidth({ label: 'Last seen', dataType: 'timestamp' })).toBe(260);
    // A very long label is cut (its full text in the header's tooltip), not the table widened.
    expect(
      columnWidth({
        label: 'Number of support tickets opened in the last quarter',
        dataType: 'numeric',
      }),
    ).toBe(280);
  });
});
