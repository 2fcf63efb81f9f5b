import { describe, expect, it } from 'vitest';
import { aggregateHeader, aggregatesFor, defaultAggregate } from './group-aggregates.js';
import { segmentGroupingSchema } from './segment-settings.js';

describe('group aggregates (docs/product.md §5.3)', () => {
  it('sums counts and money, averages percentages and scores, never sums them', () => {
    expect(defaultAggregate({ dataType: 'numeric' })).toBe('sum');
    expect(defaultAggregate({ dataType: 'numeric', unit: 'percent' })).toBe('avg');
    expect(defaultAggregate({ dataType: 'numeric', unit: 'score' })).toBe('avg');
    expect(defaultAggregate({ dataType: 'enum' })).toBeNull();
    expect(aggregatesFor({ dataType: 'numeric' })).toEqual([
      'count',
      'sum',
      'min',
      'max',
      'avg',
      'median',
    ]);
    expect(aggregatesFor({ dataType: 'numeric', unit: 'percent' })).not.toContain('sum');
    expect(aggregatesFor({ dataType: 'timestamp' })).toEqual([]);
  });

  it('names headers alike on the screen and in the export', () => {
    expect(aggregateHeader('MRR', 'sum')).toBe('Sum of MRR');
    expect(aggregateHeader('Seat usage (%)', 'avg')).toBe('Average of Seat usage (%)');
  });

  it('keeps the choices in the grouping settings, optional for segments saved before', () => {
    expect(segmentGroupingSchema.parse({ pivot: null, pivotIdentifier: null })).toEqual({
      pivot: null,
      pivotIdentifier: null,
    });
    const choice = { pivot: 'plan', pivotIdentifier: null, aggregates: { mrr: 'median' } };
    expect(segmentGroupingSchema.parse(choice)).toEqual(choice);
    const bad = segmentGroupingSchema.safeParse({ ...choice, aggregates: { mrr: 'mode' } });
    expect(bad.error?.issues[0]?.path).toEqual(['aggregates', 'mrr']);
  });
});
