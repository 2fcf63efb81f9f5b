import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SCORE_LIFESPAN_MAX_DAYS, SCORE_RULES_MAX, type FieldError } from '@revlane/contracts';
import { AutoComplete, Button, InputNumber } from 'antd';
import { FormField } from '@/common/ui/form-field';
import { fieldErrorOf } from '../lib/field-errors';
import { newBehaviourRule, type BehaviourRuleDraft } from '../lib/score-draft';
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
  const replace = (uid: string, changes: Partial<BehaviourRuleDraft>) =>
    onChange(rules.map((rule) => (rule.uid === uid ? { ...rule, ...changes } : rule)));
  return (
    <div className="flex flex-col gap-4">
      {rules.length === 0 ? (
        <p className="text-sm text-slate-500">
          No behaviour rules: what a record does (its events) gives no points.
        </p>
      ) : (
        <ol aria-label="Behaviour rules" className="flex flex-col gap-4">
          {rules.map((rule, at) => (
            <BehaviourRuleRow
              key={rule.uid}
              index={at}
              rule={rule}
              eventSuggestions={eventSuggestions}
              errors={errors}
              onChange={(changes) => replace(rule.uid, changes)}
              onRemove={() => onChange(rules.filter((other) => other.uid !== rule.uid))}
            />
          ))}
        </ol>
      )}
      <div>
        <Button
          icon={<PlusOutlined aria-hidden="true" />}
          disabled={rules.length >= SCORE_RULES_MAX}
          onClick={() => onChange([...rules, newBehaviourRule()])}
        >
          Add behaviour rule
        </Button>
      </div>
    </div>
  );
}

interface BehaviourRuleRowProps {
  index: number;
  rule: BehaviourRuleDraft;
  eventSuggestions: string[];
  errors: FieldError[] | undefined;
  onChange: (changes: Partial<BehaviourRuleDraft>) => void;
  onRemove: () => void;
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
        <Button
          type="text"
          className="self-end"
          aria-label={`Remove ${name.toLowerCase()}`}
          icon={<DeleteOutlined aria-hidden="true" />}
          onClick={onRemove}
        />
      </div>
    </li>
  );
}
