import type { Cohort } from '@revlane/contracts';
import { Input } from 'antd';
import { useId, useState, type KeyboardEvent } from 'react';
import { useUpdateCohort } from '../../api/update-cohort';
import { validateCohortName } from '../../lib/validate-cohort-name';

interface RenameCohortInputProps {
  cohort: Cohort;
  onDone: () => void;
}

/** The cohort's name as a field: Enter saves, Escape (or leaving unchanged) cancels. */
export function RenameCohortInput({ cohort, onDone }: RenameCohortInputProps) {
  const [draft, setDraft] = useState(cohort.name);
  // The server's answer (a taken name is a 409) shows under the field.
  const update = useUpdateCohort(cohort.segmentId, { showErrorToast: false });
  const messageId = useId();
  const problem = validateCohortName(draft) ?? update.error?.message ?? null;

  const save = () => {
    if (draft.trim() === cohort.name) return onDone();
    if (validateCohortName(draft)) return;
    void update.mutate(
      { cohortId: cohort.id, changes: { name: draft.trim() } },
      { onSuccess: onDone },
    );
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    }
  };

  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <Input
        size="small"
        autoFocus
        aria-label={`New name for ${cohort.name}`}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? messageId : undefined}
        status={problem ? 'error' : undefined}
        value={draft}
        disabled={update.isPending}
        onChange={(event) => {
          update.reset();
          setDraft(event.target.value);
        }}
        onKeyDown={handleKeyDown}
      />
      {problem && (
        <p id={messageId} role="alert" className="text-xs text-red-600">
          {problem}
        </p>
      )}
    </div>
  );
}
