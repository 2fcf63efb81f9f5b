import type { DiscoveredTable, Source } from '@revlane/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { ConfigProvider, Form, Select } from 'antd';

interface SourceTableFieldsProps {
  /** The form name the two fields sit under: `['accounts']`, or a join's `[index]` in its list. */
  name: (string | number)[];
  sources: Source[];
  sourceId: string | undefined;
  tables: UseQueryResult<DiscoveredTable[], Error>;
  /** Called after the user picks another source, or another table of the source. */
  onSourcePicked?: () => void;
  onTablePicked?: (table: string) => void;
}

/** The source and table pickers of an entity's primary table and of each joined table. */
export function SourceTableFields({
  name,
  sources,
  sourceId,
  tables,
  onSourcePicked,
  onTablePicked,
}: SourceTableFieldsProps) {
  // A control's own `disabled` outranks its form's: the table picker keeps a read-only form's.
  const { componentDisabled: isFormDisabled } = ConfigProvider.useConfig();
  return (
    <>
      <Form.Item name={[...name, 'sourceId']} label="Source" required>
        <Select
          placeholder="Pick a data source"
          onChange={() => onSourcePicked?.()}
          options={sources.map((source) => ({ value: source.id, label: source.name }))}
        />
      </Form.Item>
      <Form.Item
        name={[...name, 'table']}
        label="Table"
        required
        help={tables.isError ? tables.error.message : undefined}
      >
        <Select<string>
          placeholder="Pick a table"
          loading={tables.isFetching}
          disabled={isFormDisabled || !sourceId}
          onChange={(table) => onTablePicked?.(table)}
          options={(tables.data ?? []).map((candidate) => ({
            value: candidate.name,
            label: candidate.name,
          }))}
        />
      </Form.Item>
    </>
  );
}
