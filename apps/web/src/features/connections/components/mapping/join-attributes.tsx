import { joinedAttributeName, type Source } from '@revlane/contracts';
import { Form, Input } from 'antd';
import { sourceTypeLookup, type JoinValues } from '../../lib/mapping-joins';
import { ColumnSelect, type ColumnChoice } from './column-select';

interface JoinAttributesProps {
  fieldName: number;
  join: JoinValues | undefined;
  sources: Source[];
  choices: ColumnChoice[];
  isLoading: boolean;
}

/**
 * The joined table's attributes and the segment column each becomes (ADR 0032): by default
 * the source type and the column in snake case (`salesforce_industry`), or the name the user
 * types. A name typed back to the default is no rename: the body sends the column alone.
 */
export function JoinAttributes({
  fieldName,
  join,
  sources,
  choices,
  isLoading,
}: JoinAttributesProps) {
  const sourceType = sourceTypeLookup(sources)(join?.sourceId);
  const attributes = join?.attributes ?? [];
  return (
    <>
      <Form.Item
        name={[fieldName, 'attributes']}
        label="Attributes"
        extra="Each becomes a segment column, named as shown below: rename it if you like."
        className="md:col-span-2"
      >
        <ColumnSelect
          isMultiple
          choices={choices}
          isLoading={isLoading}
          placeholder="Pick attribute columns"
        />
      </Form.Item>
      {attributes.length > 0 && (
        <ul aria-label="Segment column names" className="mb-4 flex flex-col gap-2 md:col-span-2">
          {attributes.map((column) => {
            const defaultName = joinedAttributeName(sourceType, column);
            return (
              <li key={column} className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] gap-2">
                <span className="truncate self-center text-sm text-slate-700">{column}</span>
                <span aria-hidden="true" className="self-center text-slate-400">
                  →
                </span>
                <Form.Item
                  name={[fieldName, 'names', column]}
                  noStyle
                  getValueProps={(name?: string) => ({ value: name ?? defaultName })}
                  normalize={(name: string) => (name === defaultName ? undefined : name)}
                >
                  <Input size="small" aria-label={`Segment column for ${column}`} />
                </Form.Item>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
