import { Select } from 'antd';
import { useCohortChoices, useMySegments } from '@/common/queries';
import { FormField } from '@/common/ui/form-field';

interface CohortPickerProps {
  segmentId: string | undefined;
  cohortId: string | undefined;
  onChange: (choice: { segmentId: string | undefined; cohortId: string | undefined }) => void;
  isDisabled?: boolean;
  error?: string;
}

/** The play's cohort: a segment, then one of its saved cohorts. */
export function CohortPicker({
  segmentId,
  cohortId,
  onChange,
  isDisabled = false,
  error,
}: CohortPickerProps) {
  const segments = useMySegments();
  const cohorts = useCohortChoices(segmentId);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label="Segment">
        {(id) => (
          <Select
            id={id}
            value={segmentId}
            disabled={isDisabled}
            loading={segments.isPending}
            placeholder="Choose a segment"
            options={segments.data?.map((segment) => ({ value: segment.id, label: segment.name }))}
            onChange={(next: string) => onChange({ segmentId: next, cohortId: undefined })}
          />
        )}
      </FormField>
      <FormField label="Cohort" error={error}>
        {(id) => (
          <Select
            id={id}
            value={cohortId}
            disabled={isDisabled || !segmentId}
            loading={cohorts.isFetching}
            placeholder={segmentId ? 'Choose a cohort' : 'Choose a segment first'}
            notFoundContent="This segment has no saved cohorts yet"
            options={cohorts.data?.map((cohort) => ({ value: cohort.id, label: cohort.name }))}
            onChange={(next: string) => onChange({ segmentId, cohortId: next })}
          />
        )}
      </FormField>
    </div>
  );
}
