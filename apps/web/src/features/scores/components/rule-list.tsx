import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SCORE_RULES_MAX } from '@revlane/contracts';
import { Button } from 'antd';
import { Fragment, type ReactNode } from 'react';

/** What a rule's row is given: its rule and place, and how to change or remove it. */
export interface RuleRowProps<Rule> {
  index: number;
  rule: Rule;
  onChange: (changes: Partial<Rule>) => void;
  onRemove: () => void;
}

interface RuleListProps<Rule extends { uid: string }> {
  rules: Rule[];
  /** The list's accessible name, "Fit rules". */
  label: string;
  /** What an empty list says instead. */
  emptyText: string;
  /** The add button's text, "Add fit rule". */
  addText: string;
  newRule: () => Rule;
  onChange: (rules: Rule[]) => void;
  renderRule: (row: RuleRowProps<Rule>) => ReactNode;
}

/**
 * A score's rules of one kind as an ordered list, each row changed and removed by its `uid`,
 * and a button adding a new one until there are `SCORE_RULES_MAX`.
 */
export function RuleList<Rule extends { uid: string }>({
  rules,
  label,
  emptyText,
  addText,
  newRule,
  onChange,
  renderRule,
}: RuleListProps<Rule>) {
  const replace = (uid: string, changes: Partial<Rule>) =>
    onChange(rules.map((rule) => (rule.uid === uid ? { ...rule, ...changes } : rule)));
  return (
    <div className="flex flex-col gap-4">
      {rules.length === 0 ? (
        <p className="text-sm text-slate-500">{emptyText}</p>
      ) : (
        <ol aria-label={label} className="flex flex-col gap-4">
          {rules.map((rule, at) => (
            <Fragment key={rule.uid}>
              {renderRule({
                index: at,
                rule,
                onChange: (changes) => replace(rule.uid, changes),
                onRemove: () => onChange(rules.filter((other) => other.uid !== rule.uid)),
              })}
            </Fragment>
          ))}
        </ol>
      )}
      <div>
        <Button
          icon={<PlusOutlined aria-hidden="true" />}
          disabled={rules.length >= SCORE_RULES_MAX}
          onClick={() => onChange([...rules, newRule()])}
        >
          {addText}
        </Button>
      </div>
    </div>
  );
}

/** The button that removes the rule `name` ("Fit rule 2") from its list. */
export function RemoveRuleButton({ name, onRemove }: { name: string; onRemove: () => void }) {
  return (
    <Button
      type="text"
      className="self-end"
      aria-label={`Remove ${name.toLowerCase()}`}
      icon={<DeleteOutlined aria-hidden="true" />}
      onClick={onRemove}
    />
  );
}
