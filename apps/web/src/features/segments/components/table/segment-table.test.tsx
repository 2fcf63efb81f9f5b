import type { BaseTable, SegmentColumn, SegmentRow } from '@revlane/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
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

const ACME = { id: 'a1', plan: 'pro', name: 'Acme', active_users_7d: 12 };

function renderTable(baseTable: BaseTable = 'accounts', rows: SegmentRow[] = [ACME]) {
  render(
    <MemoryRouter>
      <AntdForTests>
        <SegmentTable
          baseTable={baseTable}
          columns={COLUMNS}
          rows={rows}
          sort={undefined}
          onSortChange={() => undefined}
          paging={{ page: 1, perPage: 50, total: rows.length, onChange: () => undefined }}
          isFetching={false}
        />
      </AntdForTests>
    </MemoryRouter>,
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

  it('links a record’s name to its page: an account’s, a user’s; a nameless one by its id', () => {
    renderTable('accounts', [ACME, { id: 'a/2', plan: 'free', name: null, active_users_7d: 0 }]);
    expect(screen.getByRole('link', { name: 'Acme' })).toHaveAttribute('href', '/app/accounts/a1');
    // Ids come from customer data: encoded into the path.
    expect(screen.getByRole('link', { name: 'a/2' })).toHaveAttribute(
      'href',
      '/app/accounts/a%2F2',
    );
  });

  it('links a user’s name to the user’s page', () => {
    renderTable('users', [{ id: 'u-9', plan: 'pro', name: 'Ada Lovelace', active_users_7d: 3 }]);
    expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      '/app/users/u-9',
    );
  });
});
