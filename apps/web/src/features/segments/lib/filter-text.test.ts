import type { SegmentColumn } from '@revlane/contracts';
import { describe, expect, it } from 'vitest';
import { describeFilter, describeFilterItem } from './filter-text';

const stage: SegmentColumn = {
  name: 'lifecycle_stage',
  label: 'Lifecycle stage',
  dataType: 'enum',
  options: ['active', 'at_risk'],
  optionLabels: { active: 'Active', at_risk: 'At risk' },
  description: '',
  computed: false,
};

describe('filter chips (ADR 0013)', () => {
  it('name enum values by their catalogue label, never the stored word', () => {
    const filter = { field: 'lifecycle_stage', operator: 'includes' as const, value: ['at_risk'] };
    expect(describeFilter(filter, [stage])).toBe('Lifecycle stage is any of At risk');
  });

  it('keep a value outside the option list as it is', () => {
    const filter = { field: 'lifecycle_stage', operator: 'eq' as const, value: 'paused' };
    expect(describeFilter(filter, [stage])).toBe('Lifecycle stage equals paused');
  });

  it('put the number of days in the words of a relative date (issue 25, item 7)', () => {
    const signedUp: SegmentColumn = {
      name: 'created_at',
      label: 'Signed up',
      dataType: 'timestamp',
      description: '',
      computed: false,
    };
    const chip = (operator: 'last_n_days' | 'older_than_n_days' | 'next_n_days', value: number) =>
      describeFilter({ field: 'created_at', operator, value }, [signedUp]);
    expect(chip('last_n_days', 30)).toBe('Signed up in the last 30 days');
    expect(chip('older_than_n_days', 90)).toBe('Signed up more than 90 days ago');
    expect(chip('next_n_days', 1)).toBe('Signed up in the next 1 day');
  });

  it('read a group in parentheses, joined by what it matches (issue 25, item 8)', () => {
    const plan = { field: 'lifecycle_stage', operator: 'includes' as const, value: ['at_risk'] };
    const mrr = { field: 'mrr', operator: 'gt' as const, value: 5000 };
    const columns = [stage, { ...stage, name: 'mrr', label: 'MRR', dataType: 'numeric' as const }];
    expect(describeFilterItem({ match: 'any', filters: [plan, mrr] }, columns)).toBe(
      '(Lifecycle stage is any of At risk or MRR greater than 5000)',
    );
    expect(describeFilterItem({ match: 'all', filters: [plan, mrr] }, columns)).toBe(
      '(Lifecycle stage is any of At risk and MRR greater than 5000)',
    );
    expect(describeFilterItem(mrr, columns)).toBe('MRR greater than 5000');
  });
});
