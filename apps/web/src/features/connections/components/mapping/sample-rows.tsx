import { Table, type TableColumnsType } from 'antd';
import { DisclosureButton } from '@/common/ui';
import { useState } from 'react';

type Row = Record<string, unknown>;

/** Examples a preview lists: ten at most, as the issue of the match asks. */
const SAMPLE_MAX = 10;

const textOf = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : JSON.stringify(value);

interface SampleRowsProps {
  /** The toggle's text: what the rows are examples of. */
  label: string;
  rows: Row[];
}

/** Example rows of a preview behind a toggle, so the preview stays a few sentences long. */
export function SampleRows({ label, rows }: SampleRowsProps) {
  const [isOpen, setIsOpen] = useState(false);
  if (rows.length === 0) return null;
  const shown = rows.slice(0, SAMPLE_MAX);
  const keys = [...new Set(shown.flatMap((row) => Object.keys(row)))];
  const columns: TableColumnsType<Row> = keys.map((key) => ({
    title: key,
    key,
    render: (_value, row) => textOf(row[key]),
  }));
  return (
    <div className="flex flex-col gap-1">
      <DisclosureButton isOpen={isOpen} onToggle={() => setIsOpen((open) => !open)}>
        {label}
      </DisclosureButton>
      {isOpen && (
        <section aria-label={label}>
          <Table<Row>
            size="small"
            rowKey={(row) => shown.indexOf(row)}
            pagination={false}
            // Wide rows scroll inside the preview rather than stretching the editor.
            scroll={{ x: 'max-content' }}
            dataSource={shown}
            columns={columns}
          />
        </section>
      )}
    </div>
  );
}
