import {
  APP_ROUTES,
  type BaseTable,
  type SegmentColumn,
  type SegmentRow,
} from '@revlane/contracts';
import { Link } from 'react-router';
import { SegmentCell } from './segment-cell';

interface RecordNameCellProps {
  baseTable: BaseTable;
  column: Pick<SegmentColumn, 'name' | 'label' | 'dataType' | 'optionLabels' | 'currency'>;
  row: SegmentRow;
}

/**
 * A record's name, a link to the account's or the user's page (docs/product.md §2); a record
 * without a name is named by its id. Without an id there is no page to open: plain text.
 */
export function RecordNameCell({ baseTable, column, row }: RecordNameCellProps) {
  const id = row.id;
  if (id === null || id === undefined || id === '' || Array.isArray(id)) {
    return <SegmentCell column={column} value={row[column.name]} />;
  }
  const name = row[column.name];
  const text = name === null || name === undefined || name === '' ? String(id) : String(name);
  return <Link to={APP_ROUTES.record(baseTable, String(id))}>{text}</Link>;
}
