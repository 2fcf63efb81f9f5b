import { useEffect, useRef, useState } from 'react';

/**
 * A create-or-edit form's draft and whether it differs from what is saved (for
 * `UnsavedChangesPrompt`). `markSaved`, a save's `onSuccess`, clears the unsaved state;
 * `onSaved` then runs after the render that cleared it, so the leave prompt no longer holds
 * the page when the caller moves on (ADR 0013: leaving with unsaved edits asks first).
 */
export function useDraftForm<Draft, Saved extends object>(
  initialDraft: () => Draft,
  onSaved: (saved: Saved) => void,
) {
  const [draft, setDraft] = useState<Draft>(initialDraft);
  const [isDirty, setDirty] = useState(false);
  const [result, setResult] = useState<Saved>();

  const reported = useRef<Saved>(undefined);
  useEffect(() => {
    if (!result || reported.current === result) return;
    reported.current = result;
    onSaved(result);
  }, [result, onSaved]);

  const change = (changes: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setDirty(true);
  };
  const markSaved = (next: Saved) => {
    setDirty(false);
    setResult(next);
  };
  return { draft, isDirty, change, markSaved };
}
