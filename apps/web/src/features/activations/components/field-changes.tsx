import type { ActivationFieldChange } from '@revlane/contracts';

const shown = (value: string | null) =>
  value === null ? <span className="text-slate-400 italic">empty</span> : value;

/** Each field of a record's change: "MRR__c: 1200 → 1500". */
export function FieldChanges({ changes }: { changes: ActivationFieldChange[] }) {
  if (changes.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <ul className="flex flex-col gap-0.5">
      {changes.map((change) => (
        <li key={change.field}>
          <span className="font-medium">{change.field}</span>
          {': '}
          {shown(change.before)}
          {' → '}
          {shown(change.after)}
        </li>
      ))}
    </ul>
  );
}
