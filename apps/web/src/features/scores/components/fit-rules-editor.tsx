import type { FieldError, SegmentColumn } from '@revlane/contracts';
import { useId } from 'react';
import { FormField } from '@/common/ui/form-field';
import { fieldErrorOf, fieldErrorsUnder } from '../lib/field-errors';
import type { FiltersFieldComponent } from '../lib/filters-field';
import { newFitRule, type FitRuleDraft } from '../lib/score-draft';
import { RemoveRuleButton, RuleList, type RuleRowProps } from './rule-list';
import { RulePointsInput } from './rule-points-input';

interface FitRulesEditorProps {
  rules: FitRuleDraft[];
  catalogue: SegmentColumn[] | undefined;
  FiltersField: FiltersFieldComponent;
  errors: FieldError[] | undefined;
  onChange: (rules: FitRuleDraft[]) => void;
}

/** Fit rules: each a filter set of the segment language and the points a match gives. */
export function FitRulesEditor({
  rules,
  catalogue,
  FiltersField,
  errors,
  onChange,
}: FitRulesEditorProps) {
  return (
    <RuleList
      rules={rules}
      label="Fit rules"
      emptyText="No fit rules: who a record is (plan, size, country…) gives no points."
      addText="Add fit rule"
      newRule={newFitRule}
      onChange={onChange}
      renderRule={(row) => (
        <FitRuleRow {...row} catalogue={catalogue} FiltersField={FiltersField} errors={errors} />
      )}
    />
  );
}

interface FitRuleRowProps extends RuleRowProps<FitRuleDraft> {
  catalogue: SegmentColumn[] | undefined;
  FiltersField: FiltersFieldComponent;
  errors: FieldError[] | undefined;
}

function FitRuleRow({
  index,
  rule,
  catalogue,
  FiltersField,
  errors,
  onChange,
  onRemove,
}: FitRuleRowProps) {
  const name = `Fit rule ${index + 1}`;
  const filtersLabel = useId();
  const path = `fit[${index}]`;
  // `fit[0].filters[1].value` names the second filter; `fit[0].filters` the set itself.
  const filterErrors = fieldErrorsUnder(errors, `${path}.filters`).map(({ rest, message }) => {
    const filter = /^(\d+)/.exec(rest)?.[1];
    return filter === undefined ? message : `Filter ${Number(filter) + 1}: ${message}`;
  });
  const setError = fieldErrorOf(errors, `${path}.filters`, { exact: true });
  return (
    <li aria-label={name} className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-start gap-6">
        <div
          role="group"
          aria-labelledby={filtersLabel}
          className="flex min-w-64 flex-1 flex-col gap-1"
        >
          <span id={filtersLabel} className="text-sm font-medium text-slate-800">
            {`${name}: when a record matches`}
          </span>
          <FiltersField
            catalogue={catalogue}
            value={rule.filters}
            onChange={(filters) => onChange({ filters })}
          />
          {[...(setError ? [setError] : []), ...filterErrors].map((message) => (
            <p key={message} role="alert" className="text-sm text-red-600">
              {message}
            </p>
          ))}
        </div>
        <FormField label="Points" error={fieldErrorOf(errors, `${path}.points`)}>
          {(id) => (
            <RulePointsInput
              id={id}
              value={rule.points}
              onChange={(points) => onChange({ points })}
            />
          )}
        </FormField>
        <RemoveRuleButton name={name} onRemove={onRemove} />
      </div>
    </li>
  );
}
