import type { TableRef } from 'antd';
import { useEffect, type RefObject } from 'react';

/** antd's box around a table's fixed header, which scrolls sideways with the body. */
const HEADER_CLASS = 'ant-table-header';

/**
 * Keeps a table's body under its header when the header's box scrolls by itself: Tab to a
 * sortable header out of view and the browser scrolls the header to it, which antd's fixed
 * header does not pass on (it follows the wheel only), leaving the columns misaligned. The
 * header's wheel path is taken, with the smallest delta there is, so antd moves the body, the
 * scrollbar and the column shadows to where the header already is.
 */
export function useHeaderScrollSync(table: RefObject<TableRef | null>) {
  useEffect(() => {
    const root = table.current?.nativeElement;
    if (!root) return;
    const onScroll = (event: Event) => {
      const header = event.target;
      if (!(header instanceof HTMLElement) || !header.classList.contains(HEADER_CLASS)) return;
      header.dispatchEvent(new WheelEvent('wheel', { deltaX: Number.MIN_VALUE, cancelable: true }));
    };
    // A scroll does not bubble: caught on its way down instead.
    root.addEventListener('scroll', onScroll, { capture: true });
    return () => root.removeEventListener('scroll', onScroll, { capture: true });
  }, [table]);
}
