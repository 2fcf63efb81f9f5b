import { SaveOutlined } from '@ant-design/icons';
import { APP_ROUTES, type FilterItem } from '@revlane/contracts';
import { Button, Input } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCreateCohort } from '../api/create-cohort';
import { validateCohortName } from '../lib/validate-cohort-name';
import { ModalForm } from '@/common/ui/modal-form';

interface SaveCohortButtonProps {
  segmentId: string;
  /** The filters applied in the table now (from the URL). */
  filters: FilterItem[];
}

function describeFilterCount(count: number) {
  if (count === 0) return 'No filters are applied: the cohort will hold every record.';
  return `The cohort keeps the ${count === 1 ? 'filter' : `${count} filters`} applied now.`;
}

/** Saves the table's current filters as a new cohort, then opens it. */
export function SaveCohortButton({ segmentId, filters }: SaveCohortButtonProps) {
  const [isOpen, setOpen] = useState(false);
  const [name, setName] = useState('');
  const create = useCreateCohort(segmentId);
  const navigate = useNavigate();
  const location = useLocation();
  const problem = name === '' ? null : validateCohortName(name);

  const close = () => {
    setOpen(false);
    setName('');
    create.reset();
  };
  const submit = () =>
    create.mutate(
      { name: name.trim(), filters },
      {
        onSuccess: (cohort) => {
          close();
          // The search, sort and columns stay as they were; the filters are now the cohort's.
          void navigate({
            pathname: APP_ROUTES.cohort(segmentId, cohort.id),
            search: location.search,
          });
        },
      },
    );

  return (
    <>
      <Button icon={<SaveOutlined aria-hidden="true" />} onClick={() => setOpen(true)}>
        Save as cohort
      </Button>
      <ModalForm
        open={isOpen}
        title="Save as cohort"
        onSubmit={submit}
        onDiscard={close}
        canSubmit={name.trim() !== '' && !problem}
        isLoading={create.isPending}
        error={create.error?.message}
      >
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Cohort name
          <Input
            autoFocus
            value={name}
            status={problem ? 'error' : undefined}
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        {problem && <p className="mt-1 text-sm text-red-600">{problem}</p>}
        <p className="mt-3 text-sm text-slate-600">{describeFilterCount(filters.length)}</p>
      </ModalForm>
    </>
  );
}
