import { EditOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useId, useState, type KeyboardEvent } from 'react';
import { useSingleFlight } from './use-single-flight';

/** docs/product.md §5: inline edit strips newlines, whether typed, pasted or dropped. */
export function stripNewlines(value: string): string {
  return value.replace(/[\r\n]+/g, ' ');
}

interface InlineEditProps {
  /** Names the field for assistive technology ("Edit Display name"). */
  label: string;
  value: string;
  onSave: (value: string) => Promise<unknown>;
  /** The problem with a value, or null when it may be saved. */
  validate?: (value: string) => string | null;
  isSaving?: boolean;
  placeholder?: string;
}

/**
 * Shows a value with an Edit button; Enter saves, Escape cancels. A second Enter or click
 * while a save runs does nothing (docs/product.md §5, Forms).
 */
export function InlineEdit({
  label,
  value,
  onSave,
  validate,
  isSaving = false,
  placeholder,
}: InlineEditProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const errorId = useId();
  const saving = useSingleFlight((text: string) =>
    onSave(text).then(
      () => setDraft(null),
      // The caller reports the failure; the draft stays so nothing typed is lost.
      () => undefined,
    ),
  );
  const isBusy = isSaving || saving.isPending;
  const problem = draft === null ? null : (validate?.(draft) ?? null);
  const canSave = draft !== null && draft.trim() !== value && !problem && !isBusy;

  const save = () => {
    if (canSave) void saving.run(draft.trim());
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      setDraft(null);
    }
  };

  if (draft === null) {
    return (
      <div className="flex items-center gap-2">
        <span className="text-base text-slate-900">{value || placeholder}</span>
        <Button
          type="text"
          size="small"
          icon={<EditOutlined />}
          aria-label={`Edit ${label}`}
          onClick={() => setDraft(value)}
        />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2">
        <Input.TextArea
          aria-label={label}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          autoFocus
          autoSize={{ minRows: 1, maxRows: 3 }}
          value={draft}
          status={problem ? 'error' : undefined}
          disabled={isBusy}
          onChange={(event) => setDraft(stripNewlines(event.target.value))}
          onKeyDown={handleKeyDown}
          className="max-w-sm"
        />
        <Button type="primary" onClick={save} disabled={!canSave} loading={isBusy}>
          Save
        </Button>
        <Button onClick={() => setDraft(null)} disabled={isBusy}>
          Cancel
        </Button>
      </div>
      {problem && (
        <p id={errorId} className="text-sm text-red-600">
          {problem}
        </p>
      )}
    </div>
  );
}
