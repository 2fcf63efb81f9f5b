import { InlineAlert } from './inline-alert';

interface DeleteRefusalProps {
  message: string;
  /** What still depends on the record, as the 409 named it (ADR 0006). */
  dependents: { key: string; label: string }[];
}

/** A refused or failed delete inside its confirm dialog, listing what is "Used by" it. */
export function DeleteRefusal({ message, dependents }: DeleteRefusalProps) {
  return (
    <InlineAlert
      type="error"
      className="mt-4"
      title={message}
      description={
        dependents.length > 0 && (
          <ul aria-label="Used by" className="list-disc pl-5">
            {dependents.map((dependent) => (
              <li key={dependent.key}>{dependent.label}</li>
            ))}
          </ul>
        )
      }
    />
  );
}
