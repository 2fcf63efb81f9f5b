import {
  DATA_TYPES,
  buildFilterCatalogue,
  FILTER_OPERATORS,
  OPERATORS_BY_DATA_TYPE,
  type FilterCatalogue,
  type SegmentColumn,
  type SegmentFilter,
} from '@revlane/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AntdForTests } from '@/testing/antd-for-tests';
import { pickOption, pressEnterIn, visibleOptions } from '@/testing/antd-select';
import { accountColumns } from '@/testing/segment-fixtures';
import { FilterBuilder } from './filter-builder';

function renderBuilder(
  operatorCatalogue: FilterCatalogue = buildFilterCatalogue(),
  catalogue: SegmentColumn[] = accountColumns,
) {
  const onAdd = vi.fn<(filter: SegmentFilter) => void>();
  render(
    <FilterBuilder
      catalogue={catalogue}
      operatorCatalogue={operatorCatalogue}
      onAdd={onAdd}
      onCancel={() => undefined}
    />,
    { wrapper: AntdForTests },
  );
  return onAdd;
}

const apply = () => userEvent.click(screen.getByRole('button', { name: 'Apply filter' }));

describe('filter builder', () => {
  it.each([
    ['MRR', 'numeric'],
    ['Created', 'timestamp'],
    ['Paying', 'boolean'],
    ['Plan', 'enum'],
  ] as const)(
    'offers only the operators of %s (%s), each with its help text',
    async (label, type) => {
      renderBuilder();
      await pickOption('Field', label);
      await userEvent.click(screen.getByRole('combobox', { name: 'Operator' }));
      await waitFor(() =>
        expect(visibleOptions()).toEqual(
          OPERATORS_BY_DATA_TYPE[type].map(
            (id) => `${FILTER_OPERATORS[id].label}${FILTER_OPERATORS[id].help}`,
          ),
        ),
      );
    },
  );

  it('shows each field with its data type’s help text (docs/product.md §3)', async () => {
    renderBuilder();
    await userEvent.click(screen.getByRole('combobox', { name: 'Field' }));
    await waitFor(() => expect(visibleOptions()).toContain(`MRR${DATA_TYPES.numeric}`));
    expect(visibleOptions()).toContain(`Paying${DATA_TYPES.boolean}`);
    expect(DATA_TYPES.numeric).toBe('Value is an interger number.');
  });

  it('offers enum values by their catalogue label and keeps the stored value (ADR 0013)', async () => {
    const onAdd = vi.fn<(filter: SegmentFilter) => void>();
    const stage = {
      name: 'lifecycle_stage',
      label: 'Lifecycle stage',
      dataType: 'enum' as const,
      options: ['active', 'at_risk'],
      optionLabels: { active: 'Active', at_risk: 'At risk' },
      description: '',
      computed: false,
    };
    render(
      <FilterBuilder
        catalogue={[stage]}
        operatorCatalogue={buildFilterCatalogue()}
        onAdd={onAdd}
        onCancel={() => undefined}
      />,
      { wrapper: AntdForTests },
    );
    await pickOption('Field', 'Lifecycle stage');
    await pickOption('Operator', 'is any of');
    await pickOption('Value for Lifecycle stage', 'At risk');
    await apply();
    expect(onAdd).toHaveBeenCalledWith({
      field: 'lifecycle_stage',
      operator: 'includes',
      value: ['at_risk'],
    });
  });

  it('offers what the server’s catalogue says, in its order and words', async () => {
    const served = buildFilterCatalogue();
    const catalogue: FilterCatalogue = {
      operators: served.operators.map((operator) =>
        operator.id === 'gt' ? { ...operator, help: 'Strictly more than the value.' } : operator,
      ),
      dataTypes: served.dataTypes.map((type) =>
        type.id === 'numeric' ? { ...type, operators: ['lt', 'gt'] } : type,
      ),
    };
    renderBuilder(catalogue);
    await pickOption('Field', 'MRR');
    await userEvent.click(screen.getByRole('combobox', { name: 'Operator' }));
    await waitFor(() =>
      expect(visibleOptions()).toEqual([
        `${FILTER_OPERATORS.lt.label}${FILTER_OPERATORS.lt.help}`,
        `${FILTER_OPERATORS.gt.label}Strictly more than the value.`,
      ]),
    );
  });

  it('shows the chosen operator help, and no value input for "is blank"', async () => {
    const onAdd = renderBuilder();
    await pickOption('Field', 'Name');
    await pickOption('Operator', 'is blank');
    expect(screen.getByRole('combobox', { name: 'Operator' })).toHaveAccessibleDescription(
      'Check if data is blank/null.',
    );
    expect(screen.queryByLabelText(/Value for/)).not.toBeInTheDocument();
    await apply();
    expect(onAdd).toHaveBeenCalledWith({ field: 'name', operator: 'null' });
  });

  it('uses True/False options for booleans', async () => {
    const onAdd = renderBuilder();
    await pickOption('Field', 'Paying');
    await pickOption('Operator', 'is');
    await pickOption('Value for Paying', 'False');
    await apply();
    expect(onAdd).toHaveBeenCalledWith({ field: 'is_paying', operator: 'is', value: false });
  });

  it('uses the option list for enums for "is any of"', async () => {
    const onAdd = renderBuilder();
    await pickOption('Field', 'Plan');
    await pickOption('Operator', 'is any of');
    await pickOption('Value for Plan', 'Pro');
    await pickOption('Value for Plan', 'Enterprise');
    await apply();
    expect(onAdd).toHaveBeenCalledWith({
      field: 'plan',
      operator: 'includes',
      value: ['Pro', 'Enterprise'],
    });
  });

  describe('typed values of "is any of" (issue 25, item 1)', () => {
    // The demo's plans: stored lower case, read by their label.
    const plan: SegmentColumn = {
      name: 'plan',
      label: 'Plan',
      dataType: 'enum',
      options: ['free', 'pro', 'enterprise'],
      optionLabels: { free: 'Free', pro: 'Pro', enterprise: 'Enterprise' },
      description: '',
      computed: false,
    };
    const name = accountColumns.find((column) => column.name === 'name')!;

    it('finds an option by its label, case-insensitively, once; Enter keeps the stored value', async () => {
      const onAdd = renderBuilder(buildFilterCatalogue(), [plan]);
      await pickOption('Field', 'Plan');
      await pickOption('Operator', 'is any of');
      const values = screen.getByRole('combobox', { name: 'Value for Plan' });
      await userEvent.type(values, 'Pro');
      await waitFor(() => expect(visibleOptions()).toEqual(['Pro']));
      pressEnterIn(values);
      await apply();
      expect(onAdd).toHaveBeenCalledWith({ field: 'plan', operator: 'includes', value: ['pro'] });
    });

    it('takes no free text for a column with options', async () => {
      const onAdd = renderBuilder(buildFilterCatalogue(), [plan]);
      await pickOption('Field', 'Plan');
      await pickOption('Operator', 'is none of');
      const values = screen.getByRole('combobox', { name: 'Value for Plan' });
      await userEvent.type(values, 'Platinum');
      await waitFor(() => expect(visibleOptions()).toEqual([]));
      pressEnterIn(values);
      await apply();
      expect(await screen.findByText('Enter a value.')).toBeVisible();
      expect(onAdd).not.toHaveBeenCalled();
    });

    it('takes free text where the column accepts any value', async () => {
      const onAdd = renderBuilder(buildFilterCatalogue(), [name]);
      await pickOption('Field', 'Name');
      await pickOption('Operator', 'is any of');
      await userEvent.type(screen.getByRole('combobox', { name: 'Value for Name' }), 'Acme{Enter}');
      await apply();
      expect(onAdd).toHaveBeenCalledWith({ field: 'name', operator: 'includes', value: ['Acme'] });
    });
  });

  it('finds an operator by typing its label; Enter takes the closest (issue 25, item 6)', async () => {
    const onAdd = renderBuilder();
    await pickOption('Field', 'MRR');
    const operator = screen.getByRole('combobox', { name: 'Operator' });
    await userEvent.type(operator, 'greater than');
    await waitFor(() =>
      expect(visibleOptions()).toEqual([
        `${FILTER_OPERATORS.gt.label}${FILTER_OPERATORS.gt.help}`,
        `${FILTER_OPERATORS.gte.label}${FILTER_OPERATORS.gte.help}`,
      ]),
    );
    pressEnterIn(operator);
    await waitFor(() => expect(operator).toHaveAccessibleDescription(FILTER_OPERATORS.gt.help));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Value for MRR' }), '5000');
    await apply();
    expect(onAdd).toHaveBeenCalledWith({ field: 'mrr', operator: 'gt', value: 5000 });
  });

  it('takes a whole number of days for "in the last N days" (issue 25, item 7)', async () => {
    const onAdd = renderBuilder();
    await pickOption('Field', 'Created');
    await pickOption('Operator', 'in the last N days');
    expect(screen.getByRole('combobox', { name: 'Operator' })).toHaveAccessibleDescription(
      FILTER_OPERATORS.last_n_days.help,
    );
    const days = screen.getByRole('spinbutton', { name: 'Value for Created' });
    expect(days.closest('.ant-input-number')).toHaveTextContent('days');
    await userEvent.type(days, '0');
    await apply();
    expect(await screen.findByText('Enter at least 1 day')).toBeVisible();
    expect(onAdd).not.toHaveBeenCalled();
    await userEvent.clear(days);
    await userEvent.type(days, '30');
    await apply();
    expect(onAdd).toHaveBeenCalledWith({ field: 'created_at', operator: 'last_n_days', value: 30 });
  });

  it('takes two numbers for "between" and blocks a reversed range', async () => {
    const onAdd = renderBuilder();
    await pickOption('Field', 'MRR');
    await pickOption('Operator', 'between');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Value for MRR: from' }), '500');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Value for MRR: to' }), '100');
    await apply();
    expect(await screen.findByText('The first number must not exceed the second')).toBeVisible();
    expect(onAdd).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByRole('spinbutton', { name: 'Value for MRR: to' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Value for MRR: to' }), '900');
    await apply();
    expect(onAdd).toHaveBeenCalledWith({ field: 'mrr', operator: 'between_n', value: [500, 900] });
  });

  it('blocks an empty value', async () => {
    const onAdd = renderBuilder();
    await pickOption('Field', 'Name');
    await pickOption('Operator', 'contains');
    await apply();
    expect(await screen.findByText('Enter a value.')).toBeVisible();
    expect(onAdd).not.toHaveBeenCalled();
  });

  // antd's two calendars render hundreds of cells in jsdom: 3 s alone, more beside the server suite.
  it('offers date pickers for timestamps', async () => {
    renderBuilder();
    await pickOption('Field', 'Created');
    await pickOption('Operator', 'between dates');
    expect(screen.getByLabelText('Value for Created: from')).toBeInTheDocument();
    expect(screen.getByLabelText('Value for Created: to')).toBeInTheDocument();
  }, 15_000);
});

describe('list columns and enum values from the data (issue 23)', () => {
  // A source's text[] as the catalogue lists it: a list column, no options.
  const tags: SegmentColumn = {
    name: 'tags',
    label: 'Tags',
    dataType: 'list',
    description: '',
    computed: false,
  };
  // The built-in plan as the server serves it when the mapped source holds `growth`:
  // the built-in options, then the data's own value, labelled as the source writes it.
  const plan: SegmentColumn = {
    name: 'plan',
    label: 'Plan',
    dataType: 'enum',
    options: ['free', 'starter', 'pro', 'enterprise', 'growth'],
    optionLabels: {
      free: 'Free',
      starter: 'Starter',
      pro: 'Pro',
      enterprise: 'Enterprise',
      growth: 'growth',
    },
    description: '',
    computed: false,
  };
  const label = (id: keyof typeof FILTER_OPERATORS) => FILTER_OPERATORS[id].label;

  it('offers exactly the list operators for a list column', async () => {
    renderBuilder(buildFilterCatalogue(), [tags]);
    await pickOption('Field', 'Tags');
    await userEvent.click(screen.getByRole('combobox', { name: 'Operator' }));
    await waitFor(() =>
      expect(visibleOptions()).toEqual(
        OPERATORS_BY_DATA_TYPE.list.map(
          (id) => `${FILTER_OPERATORS[id].label}${FILTER_OPERATORS[id].help}`,
        ),
      ),
    );
    expect(OPERATORS_BY_DATA_TYPE.list).toEqual(
      expect.arrayContaining(['contains', 'includes', 'excludes']),
    );
  });

  it.each([
    ['includes', ['vip', 'smb']],
    ['excludes', ['vip']],
  ] as const)('sends %s on a list column with its typed values as a list', async (id, values) => {
    const onAdd = renderBuilder(buildFilterCatalogue(), [tags]);
    await pickOption('Field', 'Tags');
    await pickOption('Operator', label(id));
    const input = screen.getByRole('combobox', { name: 'Value for Tags' });
    for (const value of values) {
      await userEvent.type(input, value);
      pressEnterIn(input);
      await waitFor(() => expect(input).toHaveValue(''));
    }
    await apply();
    expect(onAdd).toHaveBeenCalledWith({ field: 'tags', operator: id, value: [...values] });
  });

  it('sends contains on a list column with one value', async () => {
    const onAdd = renderBuilder(buildFilterCatalogue(), [tags]);
    await pickOption('Field', 'Tags');
    await pickOption('Operator', label('contains'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Value for Tags' }), 'vip');
    await apply();
    expect(onAdd).toHaveBeenCalledWith({ field: 'tags', operator: 'contains', value: 'vip' });
  });

  it('blocks a list operator without a value', async () => {
    const onAdd = renderBuilder(buildFilterCatalogue(), [tags]);
    await pickOption('Field', 'Tags');
    await pickOption('Operator', label('includes'));
    await apply();
    expect(await screen.findByText('Enter a value.')).toBeVisible();
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('offers a plan the data holds next to the built-in ones, and sends it picked', async () => {
    const onAdd = renderBuilder(buildFilterCatalogue(), [plan]);
    await pickOption('Field', 'Plan');
    await pickOption('Operator', label('eq'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Value for Plan' }));
    await waitFor(() =>
      expect(visibleOptions()).toEqual(['Free', 'Starter', 'Pro', 'Enterprise', 'growth']),
    );
    await pickOption('Value for Plan', 'growth');
    await apply();
    expect(onAdd).toHaveBeenCalledWith({ field: 'plan', operator: 'eq', value: 'growth' });
  });

  it('takes a typed data plan for "is", and for "is any of" beside a built-in one', async () => {
    const onAdd = renderBuilder(buildFilterCatalogue(), [plan]);
    await pickOption('Field', 'Plan');
    await pickOption('Operator', label('eq'));
    const value = screen.getByRole('combobox', { name: 'Value for Plan' });
    await userEvent.type(value, 'Growth');
    await waitFor(() => expect(visibleOptions()).toEqual(['growth']));
    pressEnterIn(value);
    await apply();
    expect(onAdd).toHaveBeenLastCalledWith({ field: 'plan', operator: 'eq', value: 'growth' });

    await pickOption('Operator', label('includes'));
    const values = screen.getByRole('combobox', { name: 'Value for Plan' });
    await userEvent.type(values, 'grow');
    await waitFor(() => expect(visibleOptions()).toEqual(['growth']));
    pressEnterIn(values);
    await pickOption('Value for Plan', 'Pro');
    await apply();
    expect(onAdd).toHaveBeenLastCalledWith({
      field: 'plan',
      operator: 'includes',
      value: ['growth', 'pro'],
    });
  }, 15_000);
});
