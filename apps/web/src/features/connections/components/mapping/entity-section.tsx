import type { MappedEntity, Source } from '@revlane/contracts';
import { Form } from 'antd';
import { InlineAlert } from '@/common/ui/inline-alert';
import type { DroppedPicks } from '../../hooks/use-keep-picks';
import { droppedPicksTitle } from '../../lib/keep-picks';
import { ENTITY_FIELDS } from '../../lib/mapping-form';
import { ColumnSelect } from './column-select';
import { SourceTableFields } from './source-table-fields';
import { useTableColumns } from './use-table-columns';

/**
 * Attributes fill the segment column of their name (ADR 0019); any other column becomes a
 * segment column of its own (ADR 0026).
 */
const ATTRIBUTES_HELP = {
  accounts:
    'Columns named like a segment column (plan, seats, mrr, country, industry, …) fill it; any other becomes a segment column of its own.',
  users:
    'Columns named like a segment column (role, title, …) fill it; any other becomes a segment column of its own.',
};

interface EntitySectionProps {
  entity: MappedEntity;
  sources: Source[];
  /** The picks its last move to another source or table dropped. */
  dropped?: DroppedPicks;
}

/**
 * One entity of the mapping: its source and table, then each role column and the attribute
 * columns, picked from the table's columns with their types and sample values.
 */
export function EntitySection({ entity, sources, dropped }: EntitySectionProps) {
  const form = Form.useFormInstance();
  const sourceId = Form.useWatch<string | undefined>([entity, 'sourceId'], form);
  const table = Form.useWatch<string | undefined>([entity, 'table'], form);
  const { tables, choices, isLoadingColumns } = useTableColumns(sourceId, table);
  const { title, roles } = ENTITY_FIELDS[entity];

  return (
    <section aria-label={title} className="rounded-lg p-4 ring-1 ring-slate-200">
      <h3 className="mb-3 text-sm font-semibold text-slate-900">{title}</h3>
      <div className="grid gap-x-4 md:grid-cols-2">
        <SourceTableFields name={[entity]} sources={sources} sourceId={sourceId} tables={tables} />
        {dropped && (
          <InlineAlert
            type="warning"
            className="mb-4 md:col-span-2"
            title={droppedPicksTitle(dropped.picks.length, dropped.table)}
            description={dropped.picks.map(({ field, column }) => `${field}: ${column}`).join('; ')}
          />
        )}
        {roles.map((field) => (
          <Form.Item
            key={field.role}
            name={[entity, 'columns', field.role]}
            label={field.label}
            required={field.isRequired}
            extra={field.help}
          >
            <ColumnSelect
              choices={choices}
              isLoading={isLoadingColumns}
              placeholder={field.isRequired ? 'Pick a column' : 'None'}
            />
          </Form.Item>
        ))}
        {entity !== 'events' && (
          <Form.Item
            name={[entity, 'attributes']}
            label="Attributes"
            extra={ATTRIBUTES_HELP[entity]}
            className="md:col-span-2"
          >
            <ColumnSelect
              isMultiple
              choices={choices}
              isLoading={isLoadingColumns}
              placeholder="Pick attribute columns"
            />
          </Form.Item>
        )}
      </div>
    </section>
  );
}
