import type { Source } from '@revlane/contracts';
import { Form, Select } from 'antd';

interface WhichWinsProps {
  entity: 'accounts' | 'users';
  /** Attributes several sources give, each with its sources in their default order. */
  contested: { name: string; sourceIds: string[] }[];
  sources: Source[];
}

/**
 * For an attribute several sources give, the source whose value wins (the contract's
 * `precedence`): the chosen source first, then the others. Left empty, the primary wins,
 * then the joins in order.
 */
export function WhichWins({ entity, contested, sources }: WhichWinsProps) {
  const nameOf = (sourceId: string) =>
    sources.find((source) => source.id === sourceId)?.name ?? sourceId;
  return (
    <div role="group" aria-label="Which wins" className="grid gap-x-4 md:grid-cols-2">
      <p className="mb-2 text-sm text-slate-600 md:col-span-2">
        Several sources give these columns: the one picked wins where it has a value.
      </p>
      {contested.map(({ name, sourceIds }) => (
        <Form.Item key={name} name={[entity, 'winners', name]} label={`Which wins for ${name}`}>
          <Select
            allowClear
            placeholder={`${nameOf(sourceIds[0]!)} (default)`}
            options={sourceIds.map((sourceId) => ({ value: sourceId, label: nameOf(sourceId) }))}
          />
        </Form.Item>
      ))}
    </div>
  );
}
