import { DATA_TYPES, type SegmentColumn } from '@revlane/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { visibleOptions } from '@/testing/antd-select';
import { ColumnPicker } from './column-picker';
import { GroupBySelect } from './group-by-select';

const column = (name: string, dataType: SegmentColumn['dataType'], groupable?: boolean) => ({
  name,
  label: name.toUpperCase(),
  dataType,
  description: '',
  computed: false,
  ...(groupable === undefined ? {} : { groupable }),
});

const CATALOGUE: SegmentColumn[] = [
  column('id', 'default', false),
  column('email', 'email', false),
  column('mrr', 'numeric', false),
  column('plan', 'enum', true),
  column('paying', 'boolean', true),
  column('created', 'timestamp', false),
];

describe('toolbar pickers', () => {
  it('the column picker shows each column with its data type’s help text', async () => {
    render(<ColumnPicker catalogue={CATALOGUE} selected={['id']} onChange={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    expect(
      await screen.findByRole('checkbox', { name: `MRR ${DATA_TYPES.numeric}` }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('checkbox', { name: `PAYING ${DATA_TYPES.boolean}` }),
    ).toBeInTheDocument();
  });

  it('group by offers only few-valued columns: no ids, emails, amounts or instants (ADR 0013)', async () => {
    render(<GroupBySelect catalogue={CATALOGUE} value={null} onChange={() => undefined} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Group by' }));
    await waitFor(() =>
      expect(visibleOptions()).toEqual(['No grouping', 'Group by PLAN', 'Group by PAYING']),
    );
  });
});
