import type { SegmentColumn } from '@revlane/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AntdForTests } from '@/testing/antd-for-tests';
import { SegmentTable } from './segment-table';

const COLUMNS: SegmentColumn[] = [
  { name: 'plan', label: 'Plan', dataType: 'enum', description: 'Current plan.', computed: false },
  {
    name: 'name',
    label: 'Name',
    dataType: 'string',
    description: 'Company name.',
    computed: false,
  },
  {
    name: 'active_users_7d',
    label: 'Active users (7d)',
    dataType: 'numeric',
    description: 'Users active in the last 7 days.',
    computed: true,
  },
];

function renderTable() {
  render(
    <AntdForTests>
      <SegmentTable
        columns={COLUMNS}
        rows={[{ id: 'a1', plan: 'pro', name: 'Acme', active_users_7d: 12 }]}
        sort={undefined}
        onSortChange={() => undefined}
        paging={{ page: 1, perPage: 50, total: 1, onChange: () => undefined }}
        isFetching={false}
      />
    </AntdForTests>,
  );
}

describe('segment table', () => {
  it('leads with the record’s name, which stays put while the table scrolls sideways', () => {
    renderTable();
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Name',
      'Plan',
      'Active users (7d)',
    ]);
    expect(headers[0]).toHaveClass('ant-table-cell-fix-start');
    expect(headers[1]).not.toHaveClass('ant-table-cell-fix-start');
  });

  it('shows a header’s full label and what its column holds on keyboard focus', async () => {
    renderTable();
    const header = screen.getByRole('columnheader', { name: 'Active users (7d)' });
    // antd's own title (a mouse-only browser tooltip) gives way to the tooltip.
    expect(header).not.toHaveAttribute('title');
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    expect(header).toHaveFocus();
    // The headers passed on the way keep their (closed) tooltips: this one is open.
    const description = await screen.findByText('Users active in the last 7 days.');
    const tooltip = description.closest<HTMLElement>('[role="tooltip"]')!;
    expect(within(tooltip).getByText('Active users (7d)')).toBeInTheDocument();
    expect(tooltip.closest('.ant-tooltip')).not.toHaveClass('ant-tooltip-hidden');
  });
});
