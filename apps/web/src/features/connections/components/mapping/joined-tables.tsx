import { MAPPING_JOINS_MAX, type Source } from '@revlane/contracts';
import { Button, Form } from 'antd';
import { useId, useMemo } from 'react';
import { ENTITY_FIELDS } from '../../lib/mapping-form';
import {
  contestedAttributes,
  newJoin,
  sourceTypeLookup,
  type JoinedEntityValues,
} from '../../lib/mapping-joins';
import { JoinCard } from './join-card';
import { WhichWins } from './which-wins';

const HELP = {
  accounts:
    'Tables of other sources (a CRM’s accounts, a billing system’s customers) whose rows add columns to the same accounts.',
  users: 'Tables of other sources (a CRM’s contacts) whose rows add columns to the same users.',
};

interface JoinedTablesProps {
  entity: 'accounts' | 'users';
  sources: Source[];
  /** Follows each change made for the user rather than by them. */
  onPicksSet: () => void;
}

/**
 * The tables joined to an entity's primary table (ADR 0032, at most `MAPPING_JOINS_MAX`),
 * and which source wins an attribute several of them give.
 */
export function JoinedTables({ entity, sources, onPicksSet }: JoinedTablesProps) {
  const form = Form.useFormInstance();
  const values = Form.useWatch<JoinedEntityValues | undefined>(entity, form);
  const contested = useMemo(
    () => contestedAttributes(values, sourceTypeLookup(sources)),
    [values, sources],
  );
  const limitId = useId();
  const { title } = ENTITY_FIELDS[entity];

  return (
    <section
      aria-label={`${title}: joined tables`}
      className="-mt-2 ml-4 rounded-b-lg border-l-2 border-slate-200 bg-slate-50 p-4"
    >
      <h3 className="text-sm font-semibold text-slate-900">Joined tables</h3>
      <p className="mb-3 text-sm text-slate-600">{HELP[entity]}</p>
      <Form.List name={[entity, 'joins']}>
        {(fields, { add, remove }, { errors }) => {
          const isFull = fields.length >= MAPPING_JOINS_MAX;
          return (
            <div className="flex flex-col gap-3">
              {fields.map((field, index) => (
                <JoinCard
                  key={field.key}
                  entity={entity}
                  fieldName={field.name}
                  position={index + 1}
                  sources={sources}
                  onRemove={() => remove(field.name)}
                  onPicksSet={onPicksSet}
                />
              ))}
              <Form.ErrorList errors={errors} />
              <div className="flex items-center gap-3">
                {/* `false` would outrank a read-only form's disabled: only the limit sets it. */}
                <Button
                  onClick={() => add(newJoin(entity))}
                  disabled={isFull || undefined}
                  aria-describedby={isFull ? limitId : undefined}
                >
                  Add a joined table
                </Button>
                {isFull && (
                  <span id={limitId} className="text-sm text-slate-600">
                    {`At most ${MAPPING_JOINS_MAX} joined tables per entity.`}
                  </span>
                )}
              </div>
            </div>
          );
        }}
      </Form.List>
      {contested.length > 0 && (
        <WhichWins entity={entity} contested={contested} sources={sources} />
      )}
    </section>
  );
}
