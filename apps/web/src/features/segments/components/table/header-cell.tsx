import { Tooltip } from 'antd';
import type { HTMLAttributes, ThHTMLAttributes } from 'react';

/** What a header cell says of its column on hover and focus. */
export interface HeaderHint {
  label: string;
  description?: string;
}

type HeaderCellProps = ThHTMLAttributes<HTMLTableCellElement> & { hint?: HeaderHint };

/**
 * A column's `onHeaderCell` answer that hands its hint to `HeaderCell`: antd passes the answer
 * on to the cell as it is, but types it as the cell's HTML attributes.
 */
export const headerHint = (hint: HeaderHint) =>
  ({ hint }) as unknown as HTMLAttributes<HTMLElement>;

/**
 * A header cell that shows its column's full label, and what the column holds, in a tooltip on
 * hover and on keyboard focus (sortable headers are Tab stops): the label itself stays on one
 * line, cut with an ellipsis when the column is narrower. antd's own `title` (the browser's
 * tooltip, mouse only) gives way to it.
 */
export function HeaderCell({ hint, title, ...props }: HeaderCellProps) {
  if (!hint) return <th title={title} {...props} />;
  return (
    <Tooltip
      title={
        <>
          <span className="block font-semibold">{hint.label}</span>
          {hint.description && <span className="block">{hint.description}</span>}
        </>
      }
      trigger={['hover', 'focus']}
      mouseEnterDelay={0.3}
    >
      <th {...props} />
    </Tooltip>
  );
}
