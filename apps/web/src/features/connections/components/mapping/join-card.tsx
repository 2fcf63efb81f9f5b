import type { Source } from '@revlane/contracts';
import { Button, Form, Select } from 'antd';
import type { JoinValues, MatchKind } from '../../lib/mapping-joins';
import { ColumnSelect } from './column-select';
import { JoinAttributes } from './join-attributes';
import { SourceTableFields } from './source-table-fields';
import { useTableColumns } from './use-table-columns';

type JoinedEntity = 'accounts' | 'users';

const MATCH_KINDS: { value: MatchKind; label: string }[] = [
  { value: 'domain', label: 'Domain' },
  { value: 'email', label: 'Email' },
  { value: 'column', label: 'Column' },
];

/** What an empty primary column means for each kind (ADR 0032): the role column mapped above. */
const PRIMARY_DEFAULT: Record<MatchKind, string | undefined> = {
  domain: 'The mapped domain or website',
  email: 'The mapped email',
  column: undefined,
};

const MATCH_HELP: Record<MatchKind, string> = {
  domain: 'Domains match whatever their case, scheme, www. or path.',
  email: 'Emails match whatever their case or surrounding spaces.',
  column: 'Rows match where the two columns hold the same value.',
};

interface JoinCardProps {
  entity: JoinedEntity;
  /** The join's name in its form list, and its place counted from 1 (its label). */
  fieldName: number;
  position: number;
  sources: Source[];
  onRemove: () => void;
  /** Follows each change made for the user (picks a new table no longer has). */
  onPicksSet: () => void;
}

/**
 * One joined table (ADR 0032): its source and table (the primary's pickers), how its rows
 * match the primary's, and the attributes it adds.
 */
export function JoinCard({
  entity,
  fieldName,
  position,
  sources,
  onRemove,
  onPicksSet,
}: JoinCardProps) {
  const form = Form.useFormInstance();
  const path = [entity, 'joins', fieldName];
  const join = Form.useWatch<JoinValues | undefined>(path, form);
  const { tables, choices, isLoadingColumns } = useTableColumns(join?.sourceId, join?.table);
  const primary = useTableColumns(
    Form.useWatch<string | undefined>([entity, 'sourceId'], form),
    Form.useWatch<string | undefined>([entity, 'table'], form),
  );
  const kind = join?.match?.kind ?? 'column';
  const label = `Joined table ${position}`;

  // Picks are column names: another table keeps those it has too, another source none.
  const keepPicksIn = (tableName: string | undefined) => {
    const current = form.getFieldValue(path) as JoinValues | undefined;
    const table = tables.data?.find((candidate) => candidate.name === tableName);
    const has = new Set(table?.columns.map((column) => column.name) ?? []);
    const column = current?.match?.column;
    form.setFieldValue(
      [...path, 'match', 'column'],
      column && has.has(column) ? column : undefined,
    );
    form.setFieldValue(
      [...path, 'attributes'],
      (current?.attributes ?? []).filter((attribute) => has.has(attribute)),
    );
    onPicksSet();
  };

  return (
    <section aria-label={label} className="rounded-md bg-white p-3 ring-1 ring-slate-200">
      <div className="mb-2 flex items-center justify-between">
        <h4 className="text-sm font-semibold text-slate-900">{label}</h4>
        <Button size="small" onClick={onRemove}>
          Remove
        </Button>
      </div>
      <div className="grid gap-x-4 md:grid-cols-2">
        <SourceTableFields
          name={[fieldName]}
          sources={sources}
          sourceId={join?.sourceId}
          tables={tables}
          onSourcePicked={() => {
            form.setFieldValue([...path, 'table'], undefined);
            keepPicksIn(undefined);
          }}
          onTablePicked={keepPicksIn}
        />
        <Form.Item name={[fieldName, 'match', 'kind']} label="Match by" extra={MATCH_HELP[kind]}>
          <Select options={MATCH_KINDS} />
        </Form.Item>
        <Form.Item name={[fieldName, 'match', 'column']} label="Match column" required>
          <ColumnSelect
            choices={choices}
            isLoading={isLoadingColumns}
            placeholder="Pick a column of this table"
          />
        </Form.Item>
        <Form.Item
          name={[fieldName, 'match', 'primaryColumn']}
          label="Primary column"
          required={kind === 'column'}
          className="md:col-span-2"
        >
          <ColumnSelect
            choices={primary.choices}
            isLoading={primary.isLoadingColumns}
            placeholder={PRIMARY_DEFAULT[kind] ?? 'Pick a column of the primary table'}
          />
        </Form.Item>
        <JoinAttributes
          fieldName={fieldName}
          join={join}
          sources={sources}
          choices={choices}
          isLoading={isLoadingColumns}
        />
      </div>
    </section>
  );
}
