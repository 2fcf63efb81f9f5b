import type { CellValue, SegmentColumn } from '@revlane/contracts';
import { Tag } from 'antd';
import { formatTimestamp } from '@/common/lib/format-timestamp';
import {
  formatMoney,
  formatNumber,
  formatOption,
  formatPlain,
  toSafeHref,
} from '../../lib/format-value';
import { Sparkline } from './sparkline';

interface SegmentCellProps {
  column: Pick<SegmentColumn, 'label' | 'dataType' | 'optionLabels' | 'currency'>;
  value: CellValue | undefined;
}

const blank = <span className="text-slate-400">—</span>;

/** One cell, rendered by its column's data type (docs/product.md §3). */
export function SegmentCell({ column, value }: SegmentCellProps) {
  if (value === null || value === undefined || value === '') return blank;
  switch (column.dataType) {
    case 'email':
      return <a href={`mailto:${String(value)}`}>{String(value)}</a>;
    case 'link': {
      const href = toSafeHref(String(value));
      if (!href) return <span>{String(value)}</span>;
      return (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {String(value)}
        </a>
      );
    }
    case 'timestamp':
      return <time dateTime={String(value)}>{formatTimestamp(String(value))}</time>;
    case 'boolean':
      return (
        <Tag color={value === true ? 'green' : 'default'}>{value === true ? 'Yes' : 'No'}</Tag>
      );
    case 'enum':
      return <Tag color="blue">{formatOption(column, String(value))}</Tag>;
    case 'numeric':
      return (
        <span className="tabular-nums">
          {typeof value !== 'number'
            ? String(value)
            : column.currency
              ? formatMoney(value, column.currency)
              : formatNumber(value)}
        </span>
      );
    case 'timeseries': {
      const values = Array.isArray(value) ? value.filter((item) => typeof item === 'number') : [];
      return values.length > 0 ? (
        <Sparkline values={values} label={`${column.label}: ${sparklineSummary(values)}`} />
      ) : (
        blank
      );
    }
    case 'list':
      return Array.isArray(value) && value.length === 0 ? blank : <span>{formatPlain(value)}</span>;
    default:
      return <span>{formatPlain(value)}</span>;
  }
}

function sparklineSummary(values: number[]): string {
  if (values.length === 0) return 'no data';
  const last = values[values.length - 1] ?? 0;
  return `${values.length} points, latest ${formatNumber(last)}, peak ${formatNumber(Math.max(...values))}`;
}
