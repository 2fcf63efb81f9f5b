import type { SegmentColumn } from '@revlane/contracts';
import { describe, expect, it } from 'vitest';
import { describeFilter } from './filter-text';

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
});
