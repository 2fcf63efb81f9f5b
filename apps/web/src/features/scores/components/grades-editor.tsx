import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SCORE_GRADES_MAX, type FieldError } from '@revlane/contracts';
import { Button, Input, InputNumber } from 'antd';
import { FormField } from '@/common/ui/form-field';
import { fieldErrorOf } from '../lib/field-errors';
import { defaultGrades, newGrade, type GradeDraft } from '../lib/score-draft';

interface GradesEditorProps {
  grades: GradeDraft[];
  hasCustomGrades: boolean;
  errors: FieldError[] | undefined;
  onChange: (grades: GradeDraft[], hasCustomGrades: boolean) => void;
}

/** The grades: a label per minimum score; a record gets the highest grade it reaches. */
export function GradesEditor({ grades, hasCustomGrades, errors, onChange }: GradesEditorProps) {
  const edit = (next: GradeDraft[]) => onChange(next, true);
  const replace = (uid: string, changes: Partial<GradeDraft>) =>
    edit(grades.map((grade) => (grade.uid === uid ? { ...grade, ...changes } : grade)));
  const listError = fieldErrorOf(errors, 'grades', { exact: true });
  return (
    <div className="flex flex-col gap-4">
      {!hasCustomGrades && (
        <p className="text-sm text-slate-500">The default grades; change them to set your own.</p>
      )}
      <ol aria-label="Grades" className="flex flex-col gap-3">
        {grades.map((grade, at) => {
          const name = `Grade ${at + 1}`;
          return (
            <li key={grade.uid} aria-label={name} className="flex flex-wrap items-start gap-4">
              <FormField label="Label" error={fieldErrorOf(errors, `grades[${at}].label`)}>
                {(id) => (
                  <Input
                    id={id}
                    className="!w-28"
                    maxLength={20}
                    value={grade.label}
                    onChange={(event) => replace(grade.uid, { label: event.target.value })}
                  />
                )}
              </FormField>
              <FormField label="Minimum score" error={fieldErrorOf(errors, `grades[${at}].min`)}>
                {(id) => (
                  <InputNumber
                    id={id}
                    className="!w-28"
                    min={0}
                    max={100}
                    value={grade.min}
                    onChange={(next) =>
                      replace(grade.uid, { min: typeof next === 'number' ? next : null })
                    }
                  />
                )}
              </FormField>
              <Button
                type="text"
                className="self-end"
                aria-label={`Remove ${name.toLowerCase()}`}
                disabled={grades.length <= 1}
                icon={<DeleteOutlined aria-hidden="true" />}
                onClick={() => edit(grades.filter((other) => other.uid !== grade.uid))}
              />
            </li>
          );
        })}
      </ol>
      {listError && (
        <p role="alert" className="text-sm text-red-600">
          {listError}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          icon={<PlusOutlined aria-hidden="true" />}
          disabled={grades.length >= SCORE_GRADES_MAX}
          onClick={() => edit([...grades, newGrade()])}
        >
          Add grade
        </Button>
        {hasCustomGrades && (
          <Button onClick={() => onChange(defaultGrades(), false)}>Use the default grades</Button>
        )}
      </div>
    </div>
  );
}
