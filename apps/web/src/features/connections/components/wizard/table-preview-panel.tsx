import { Table } from 'antd';
import { Loader } from '@/common/ui/loader';
import { InlineAlert } from '@/common/ui/inline-alert';
import { useTablePreview } from '../../api/get-table-preview';

interface TablePreviewPanelProps {
  sourceId: string;
  table: string;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return value.toString();
  return JSON.stringify(value);
}

/** The first rows of a table, read live from the source, with each column's type. */
export function TablePreviewPanel({ sourceId, table }: TablePreviewPanelProps) {
  const preview = useTablePreview(sourceId, table);
  return (
    <section aria-label={`Preview of ${table}`} className="rounded-lg ring-1 ring-slate-200">
      <h3 className="border-b border-slate-200 px-3 py-2 text-xs font-semibold text-slate-700">
        {`Preview of ${table}`}
      </h3>
      {preview.isPending && <Loader label="Reading the first rows" />}
      {preview.isError && (
        <InlineAlert type="error" title={preview.error.message} className="m-3" />
      )}
      {preview.data && (
        <Table<{ key: number; row: Record<string, unknown> }>
          size="small"
          pagination={false}
          scroll={{ x: 'max-content', y: 200 }}
          dataSource={preview.data.rows.map((row, index) => ({ key: index, row }))}
          columns={preview.data.columns.map((column) => ({
            key: column.name,
            title: (
              <span>
                {column.name}
                <span className="ml-1 font-normal text-slate-400">{column.type}</span>
              </span>
            ),
            render: (_value: unknown, { row }: { row: Record<string, unknown> }) =>
              cellText(row[column.name]),
          }))}
        />
      )}
    </section>
  );
}
