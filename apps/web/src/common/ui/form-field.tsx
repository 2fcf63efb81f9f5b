import { useId, type ReactNode } from 'react';

interface FormFieldProps {
  label: string;
  /** The refusal of this field (a 400's entry naming it), shown under the input. */
  error?: string;
  help?: ReactNode;
  className?: string;
  children: (id: string) => ReactNode;
}

/** A labelled input with its help and its error next to it (docs/architecture.md §8). */
export function FormField({ label, error, help, className = '', children }: FormFieldProps) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children(id)}
      {help && <div className="text-xs text-slate-500">{help}</div>}
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
