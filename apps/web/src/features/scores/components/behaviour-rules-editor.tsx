import { SCORE_LIFESPAN_MAX_DAYS, type FieldError } from '@revlane/contracts';
import { AutoComplete, InputNumber } from 'antd';
import { FormField } from '@/common/ui/form-field';
import { fieldErrorOf } from '../lib/field-errors';
import { newBehaviourRule, type BehaviourRuleDraft } from '../lib/score-draft';
import { RemoveRuleButton, RuleList, type RuleRowProps } from './rule-list';
import { RulePointsInput } from './rule-points-input';

interface BehaviourRulesEditorProps {
  rules: BehaviourRuleDraft[];
  /** Event names to suggest (those other scores use); any other name may be typed. */
  eventSuggestions: string[];
  errors: FieldError[] | undefined;
  onChange: (rules: BehaviourRuleDraft[]) => void;
}

/**
 * Behaviour rules: points per occurrence of an event, fading linearly to none over the
 * lifespan, the rule's sum held to its cap (10 × points when none is given).
 */
export function BehaviourRulesEditor({
  rules,
  eventSuggestions,
  errors,
  onChange,
}: BehaviourRulesEditorProps) {
  return (
    <RuleList
      rules={rules}
      label="Behaviour rules"
      emptyText="No behaviour rules: what a record does (its events) gives no points."
      addText="Add behaviour rule"
      newRule={newBehaviourRule}
      onChange={onChange}
      renderRule={(row) => (
        <BehaviourRuleRow {...row} eventSuggestions={eventSuggestions} errors={errors} />
      )}
    />
  );
}

interface BehaviourRuleRowProps extends RuleRowProps<BehaviourRuleDraft> {
  eventSuggestions: string[];
  errors: FieldError[] | undefined;
}

function BehaviourRuleRow({
  index,
  rule,
  eventSuggestions,
  errors,
  onChange,
  onRemove,
}: BehaviourRuleRowProps) {
  const name = `Behaviour rule ${index + 1}`;
  const path = `behaviour[${index}]`;
  const typed = rule.event.trim().toLowerCase();
  const options = eventSuggestions
    .filter((event) => event.toLowerCase().includes(typed) && event !== rule.event)
    .map((event) => ({ value: event, label: event }));
  return (
    <li aria-label={name} className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-start gap-4">
        <FormField
          label="Event"
          className="min-w-56 flex-1"
          error={fieldErrorOf(errors, `${path}.event`)}
        >
          {(id) => (
            <AutoComplete
              id={id}
              value={rule.event}
              options={options}
              placeholder="report_exported"
              onChange={(event: string) => onChange({ event })}
            />
          )}
        </FormField>
        <FormField label="Points per event" error={fieldErrorOf(errors, `${path}.points`)}>
          {(id) => (
            <RulePointsInput
              id={id}
              value={rule.points}
              onChange={(points) => onChange({ points })}
            />
          )}
        </FormField>
        <FormField label="Lifespan (days)" error={fieldErrorOf(errors, `${path}.lifespanDays`)}>
          {(id) => (
            <InputNumber
              id={id}
              className="!w-28"
              min={1}
              max={SCORE_LIFESPAN_MAX_DAYS}
              precision={0}
              value={rule.lifespanDays}
              onChange={(next) =>
                onChange({ lifespanDays: typeof next === 'number' ? next : null })
              }
            />
          )}
        </FormField>
        <FormField label="Cap (optional)" error={fieldErrorOf(errors, `${path}.cap`)}>
          {(id) => (
            <InputNumber
              id={id}
              className="!w-32"
              value={rule.cap}
              placeholder={rule.points === null ? '10 × points' : `${rule.points * 10}`}
              onChange={(next) => onChange({ cap: typeof next === 'number' ? next : null })}
            />
          )}
        </FormField>
        <RemoveRuleButton name={name} onRemove={onRemove} />
      </div>
    </li>
  );
}
