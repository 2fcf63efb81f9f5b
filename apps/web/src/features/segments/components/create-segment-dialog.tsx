import {
  APP_ROUTES,
  SEGMENT_NAME_MAX,
  type BaseTable,
  type CreateSegmentBody,
  type FieldError,
  type FilterItem,
} from '@revlane/contracts';
import { Input, Radio } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormField } from '@/common/ui/form-field';
import { ModalForm } from '@/common/ui/modal-form';
import { useColumnCatalogue } from '../api/get-column-catalogue';
import { useCreateSegment } from '../api/create-segment';
import { BaseFiltersField } from './settings/base-filters-field';

const TABLE_OPTIONS: { value: BaseTable; label: string }[] = [
  { value: 'accounts', label: 'Accounts' },
  { value: 'users', label: 'Users' },
];

/** The messages of a 400 or 409 about one field of the body (`body.name`, `body.filters[0].value`). */
function messagesOf(errors: FieldError[] | undefined, field: keyof CreateSegmentBody) {
  const matching = (errors ?? []).filter((error) =>
    new RegExp(`^(body\\.)?${field}(\\W|$)`).test(error.path),
  );
  return matching.length > 0 ? matching.map((error) => error.message).join(' ') : undefined;
}

/**
 * The menu's "Create new...": a name, the base table and, optionally, the starting base filters
 * (the segment's definition, built with the settings' own filter builder). The new segment's
 * page opens, and the menu lists it at once (docs/product.md §2).
 */
export function CreateSegmentDialog({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [baseTable, setBaseTable] = useState<BaseTable>('accounts');
  const [filters, setFilters] = useState<FilterItem[]>([]);
  const catalogue = useColumnCatalogue(baseTable);
  const create = useCreateSegment();
  const navigate = useNavigate();
  const fieldErrors = create.error?.fieldErrors;
  const nameError =
    name.length > SEGMENT_NAME_MAX
      ? `A name has at most ${SEGMENT_NAME_MAX} characters`
      : messagesOf(fieldErrors, 'name');
  const filtersError = messagesOf(fieldErrors, 'filters');
  const otherError =
    create.error && !messagesOf(fieldErrors, 'name') && !filtersError
      ? create.error.message
      : undefined;

  const submit = () =>
    create.mutate(
      { name: name.trim(), baseTable, ...(filters.length > 0 ? { filters } : {}) },
      {
        onSuccess: (segment) => {
          onClose();
          void navigate(APP_ROUTES.segment(segment.id));
        },
      },
    );

  return (
    <ModalForm
      open
      title="Create a segment"
      onSubmit={submit}
      onDiscard={onClose}
      canSubmit={name.trim() !== '' && name.length <= SEGMENT_NAME_MAX}
      isLoading={create.isPending}
      error={otherError}
      submitText="Create segment"
    >
      <div className="flex flex-col gap-4">
        <FormField label="Name" error={nameError}>
          {(id) => (
            <Input
              id={id}
              autoFocus
              value={name}
              status={nameError ? 'error' : undefined}
              showCount={{ formatter: ({ count }) => `${count} / ${SEGMENT_NAME_MAX}` }}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Base table" help="What each row of the segment is: an account or a user.">
          {(id) => (
            <Radio.Group
              id={id}
              aria-label="Base table"
              value={baseTable}
              onChange={(event) => {
                setBaseTable(event.target.value as BaseTable);
                // The columns differ per table: filters of the other table would not fit.
                setFilters([]);
              }}
              options={TABLE_OPTIONS}
            />
          )}
        </FormField>
        <div className="flex flex-col gap-1">
          <span className="text-sm font-medium text-slate-800">Starting filters (optional)</span>
          <BaseFiltersField catalogue={catalogue.data} value={filters} onChange={setFilters} />
          <p className="m-0 text-xs text-slate-500">
            The segment&apos;s definition: only records matching every filter are in it. You can
            change them later in its settings.
          </p>
          {filtersError && (
            <p role="alert" className="m-0 text-sm text-red-600">
              {filtersError}
            </p>
          )}
        </div>
      </div>
    </ModalForm>
  );
}
