import { Spin } from 'antd';

/** A dialog's check of what depends on the record while it runs (ADR 0006). */
export function DependentsLoading({ label }: { label: string }) {
  return (
    <div role="status" className="mt-4 flex items-center gap-2 text-sm text-slate-500">
      <Spin size="small" />
      {label}
    </div>
  );
}

/** The dependents a dialog names, as "<kind> <name>" (the markup of common/ui DeleteRefusal). */
export function DependentList({
  label,
  dependents,
}: {
  label: string;
  dependents: { kind: string; id: string; name: string }[];
}) {
  return (
    <ul aria-label={label} className="list-disc pl-5">
      {dependents.map((dependent) => (
        <li key={`${dependent.kind}:${dependent.id}`}>
          {dependent.kind} {dependent.name}
        </li>
      ))}
    </ul>
  );
}
