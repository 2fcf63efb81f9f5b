import { DATE_FORMAT, type CellValue, type DataType } from '@revlane/contracts';
import { render, screen } from '@testing-library/react';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { SegmentCell } from './segment-cell';

function renderCell(dataType: DataType, value: CellValue) {
  return render(<SegmentCell column={{ label: 'Column', dataType }} value={value} />);
}

describe('segment cells by data type', () => {
  it('links emails with mailto', () => {
    renderCell('email', 'hank@globex.test');
    expect(screen.getByRole('link', { name: 'hank@globex.test' })).toHaveAttribute(
      'href',
      'mailto:hank@globex.test',
    );
  });

  it('opens links outside with noopener, and never links a javascript: address', () => {
    renderCell('link', 'https://globex.test/about');
    const link = screen.getByRole('link', { name: 'https://globex.test/about' });
    expect(link).toHaveAttribute('href', 'https://globex.test/about');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    renderCell('link', 'javascript:alert(1)');
    expect(screen.queryByRole('link', { name: 'javascript:alert(1)' })).not.toBeInTheDocument();
  });

  it('formats timestamps with the date format of docs/product.md §9', () => {
    const iso = '2026-03-04T09:15:00.000Z';
    renderCell('timestamp', iso);
    expect(screen.getByText(format(new Date(iso), DATE_FORMAT))).toHaveAttribute('datetime', iso);
  });

  it('shows booleans as Yes/No and enums as tags', () => {
    renderCell('boolean', true);
    renderCell('boolean', false);
    renderCell('enum', 'Enterprise');
    expect(screen.getByText('Yes')).toHaveClass('ant-tag');
    expect(screen.getByText('No')).toHaveClass('ant-tag');
    expect(screen.getByText('Enterprise')).toHaveClass('ant-tag');
  });

  it('shows numbers with thousands separators', () => {
    renderCell('numeric', 1234567.5);
    expect(screen.getByText('1,234,567.5')).toBeInTheDocument();
  });

  it('draws a timeseries as a labelled sparkline', () => {
    renderCell('timeseries', [1, 4, 2, 8]);
    expect(
      screen.getByRole('img', { name: 'Column: 4 points, latest 8, peak 8' }),
    ).toBeInTheDocument();
  });

  it('shows a list column’s items as written, comma-separated, never NaN (docs/architecture.md §5.5)', () => {
    const { container } = renderCell('list', ['smb', 'mid, market', null, 'NULL', 'a"b']);
    expect(container).toHaveTextContent('smb, mid, market, (blank), NULL, a"b');
    renderCell('list', [1234, '9223372036854775807']);
    expect(screen.getByText('1234, 9223372036854775807')).toBeInTheDocument();
    renderCell('list', []);
    expect(screen.getByText('—')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('NaN');
  });

  it('shows text and defaults as they are, and blanks as a dash', () => {
    renderCell('string', 'Globex');
    renderCell('default', 'X-17');
    renderCell('string', null);
    expect(screen.getByText('Globex')).toBeInTheDocument();
    expect(screen.getByText('X-17')).toBeInTheDocument();
    expect(screen.getByText('—')).toBeInTheDocument();
  });

  it('shows enum values by their catalogue label and money in its currency with two decimals (ADR 0013)', () => {
    const stage = {
      label: 'Stage',
      dataType: 'enum' as const,
      optionLabels: { at_risk: 'At risk' },
    };
    render(<SegmentCell column={stage} value="at_risk" />);
    expect(screen.getByText('At risk')).toHaveClass('ant-tag');
    expect(screen.queryByText('at_risk')).not.toBeInTheDocument();
    const mrr = { label: 'MRR', dataType: 'numeric' as const, currency: 'USD' };
    render(<SegmentCell column={mrr} value={1204.5} />);
    render(<SegmentCell column={mrr} value={300} />);
    expect(screen.getByText('$1,204.50')).toBeInTheDocument();
    expect(screen.getByText('$300.00')).toBeInTheDocument();
  });
});
