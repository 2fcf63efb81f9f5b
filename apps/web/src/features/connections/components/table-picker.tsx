import { DownOutlined, RightOutlined } from '@ant-design/icons';
import type { DiscoveredTable, SelectedTable, SourceType } from '@revlane/contracts';
import { Button, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { hasTableOptions, withChosenTables } from '../lib/selected-tables';
import { isFileSource, SOURCE_TYPE_INFO } from '../lib/source-types';
import { formatCount } from '../lib/sync-status';
import { TableOptions } from './table-options';

interface TablePickerProps {
  type: SourceType;
  tables: DiscoveredTable[];
  value: SelectedTable[];
  onChange: (tables: SelectedTable[]) => void;
  /** The table whose rows are previewed beside the list; without it, no "View" column. */
  preview?: { inView: string | null; onView: (table: string) => void };
}

const summarizeColumns = (table: DiscoveredTable) => {
  const names = table.columns.map((column) => column.name);
  return names.length > 4
    ? `${names.slice(0, 4).join(', ')} +${names.length - 4}`
    : names.join(', ');
};

/**
 * What a source loads: several tables at once (the "batch"), each with its columns and a row
 * estimate; a chosen database table opens its options (cursor, key, left-out columns) below
 * its row. A file is one table, loaded whole: it cannot be unchosen.
 */
export function TablePicker({ type, tables, value, onChange, preview }: TablePickerProps) {
  const [openOptions, setOpenOptions] = useState<string[]>([]);
  const chosen = value.map((table) => table.name);
  const isFile = isFileSource(type);
  const withOptions = hasTableOptions(type);
  const toggleOptions = (name: string) =>
    setOpenOptions((open) =>
      open.includes(name) ? open.filter((other) => other !== name) : [...open, name],
    );

  const columns: TableColumnsType<DiscoveredTable> = [
    { title: 'Name', dataIndex: 'name', ellipsis: true },
    { title: 'Columns', key: 'columns', ellipsis: true, render: (_v, t) => summarizeColumns(t) },
    {
      title: 'Rows',
      key: 'rows',
      align: 'right',
      width: 110,
      render: (_v, t) => (t.rowEstimate === null ? '—' : `≈ ${formatCount(t.rowEstimate)}`),
    },
  ];
  if (preview)
    columns.push({
      title: 'Preview',
      key: 'preview',
      width: 90,
      render: (_v, t) => (
        <Button
          size="small"
          type={t.name === preview.inView ? 'primary' : 'default'}
          aria-label={`Preview ${t.name}`}
          onClick={() => preview.onView(t.name)}
        >
          View
        </Button>
      ),
    });
  if (withOptions)
    columns.push({
      title: 'Options',
      key: 'options',
      width: 110,
      render: (_v, t) => {
        if (!chosen.includes(t.name)) return null;
        const isOpen = openOptions.includes(t.name);
        return (
          <Button
            size="small"
            type="link"
            icon={isOpen ? <DownOutlined /> : <RightOutlined />}
            aria-label={`Options for ${t.name}`}
            aria-expanded={isOpen}
            onClick={() => toggleOptions(t.name)}
          >
            Options
          </Button>
        );
      },
    });

  return (
    <Table<DiscoveredTable>
      size="small"
      rowKey="name"
      pagination={false}
      dataSource={tables}
      scroll={{ y: 260 }}
      aria-label={`Available ${SOURCE_TYPE_INFO[type].tablesNoun}`}
      rowSelection={{
        selectedRowKeys: chosen,
        onChange: (keys) => onChange(withChosenTables(value, keys.map(String))),
        getCheckboxProps: (table) => ({ disabled: isFile, name: table.name }),
      }}
      expandable={
        withOptions
          ? {
              showExpandColumn: false,
              // Options belong to a chosen table: unchoosing one closes them.
              expandedRowKeys: openOptions.filter((name) => chosen.includes(name)),
              expandedRowRender: (table) => {
                const selected = value.find((candidate) => candidate.name === table.name);
                return selected ? (
                  <TableOptions
                    table={table}
                    value={selected}
                    onChange={(next) =>
                      onChange(
                        value.map((candidate) => (candidate.name === next.name ? next : candidate)),
                      )
                    }
                  />
                ) : null;
              },
            }
          : undefined
      }
      columns={columns}
    />
  );
}
