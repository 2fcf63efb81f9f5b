import { buildFilterCatalogue, type FilterItem } from '@revlane/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AntdForTests } from '@/testing/antd-for-tests';
import { pickOption } from '@/testing/antd-select';
import { accountColumns } from '@/testing/segment-fixtures';
import { FilterItemBuilder } from './filter-item-builder';

function renderBuilder() {
  const onAdd = vi.fn<(item: FilterItem) => void>();
  render(
    <FilterItemBuilder
      catalogue={accountColumns}
      operatorCatalogue={buildFilterCatalogue()}
      onAdd={onAdd}
      onCancel={() => undefined}
    />,
    { wrapper: AntdForTests },
  );
  return onAdd;
}

const addCondition = () => userEvent.click(screen.getByRole('button', { name: 'Add condition' }));

describe('"Match any of" (issue 25, item 8)', () => {
  it('adds conditions one by one and applies them as one group', async () => {
    const onAdd = renderBuilder();
    await userEvent.click(screen.getByRole('radio', { name: 'Match any of' }));
    const apply = screen.getByRole('button', { name: 'Apply group' });
    expect(apply).toBeDisabled();

    await pickOption('Field', 'Plan');
    await pickOption('Operator', 'is any of');
    await pickOption('Value for Plan', 'Pro');
    await addCondition();
    // Each condition starts a new, empty builder.
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Operator' })).toBeNull());
    expect(apply).toBeDisabled();

    await pickOption('Field', 'Paying');
    await pickOption('Operator', 'is');
    await pickOption('Value for Paying', 'True');
    await addCondition();
    const conditions = screen.getByRole('list', { name: 'Conditions' });
    expect(
      within(conditions)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Plan is any of Pro', 'or Paying is True']);
    await userEvent.click(apply);
    expect(onAdd).toHaveBeenCalledWith({
      match: 'any',
      filters: [
        { field: 'plan', operator: 'includes', value: ['Pro'] },
        { field: 'is_paying', operator: 'is', value: true },
      ],
    });
  }, 15_000);

  it('removes a condition before the group is applied', async () => {
    const onAdd = renderBuilder();
    await userEvent.click(screen.getByRole('radio', { name: 'Match any of' }));
    for (const value of ['True', 'False']) {
      await pickOption('Field', 'Paying');
      await pickOption('Operator', 'is');
      await pickOption('Value for Paying', value);
      await addCondition();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Remove condition Paying is True' }));
    expect(screen.getByRole('list', { name: 'Conditions' })).toHaveTextContent(/^Paying is False$/);
    expect(screen.getByRole('button', { name: 'Apply group' })).toBeDisabled();
    expect(onAdd).not.toHaveBeenCalled();
  }, 15_000);
});
