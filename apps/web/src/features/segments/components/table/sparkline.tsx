interface SparklineProps {
  values: number[];
  label: string;
  width?: number;
  height?: number;
}

/** A tiny inline SVG line of a timeseries; its label says what the line shows. */
export function Sparkline({ values, label, width = 96, height = 24 }: SparklineProps) {
  if (values.length === 0) return <span className="text-slate-400">—</span>;
  const max = Math.max(...values);
  const min = Math.min(...values);
  const span = max - min || 1;
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const points = values
    .map((value, index) => {
      const x = index * step;
      const y = height - 2 - ((value - min) / span) * (height - 4);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  return (
    <svg role="img" aria-label={label} width={width} height={height} className="block">
      <polyline
        points={points}
        fill="none"
        stroke="currentColor"
        strokeWidth={1.5}
        className="text-brand-600"
      />
    </svg>
  );
}
