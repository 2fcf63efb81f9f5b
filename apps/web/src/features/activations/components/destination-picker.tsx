import {
  ACTIVATION_PROVIDER_LABELS,
  ACTIVATION_PROVIDERS,
  APP_ROUTES,
  type ActivationProvider,
} from '@revlane/contracts';
import { Input, Select } from 'antd';
import { Link } from 'react-router';
import { toApiError, type ApiError } from '@/common/api';
import { FormField } from '@/common/ui/form-field';
import { InlineAlert } from '@/common/ui/inline-alert';
import { LoadError } from '@/common/ui/load-error';
import type { useDestinationObjects } from '../api/get-destinations';

interface DestinationPickerProps {
  provider: ActivationProvider | undefined;
  object: string;
  objects: ReturnType<typeof useDestinationObjects>;
  /** The failed read of the chosen object's fields, shown like a failed read of its objects. */
  fieldsError: Error | null;
  onRetryFields: () => void;
  onProviderChange: (provider: ActivationProvider) => void;
  onObjectChange: (object: string) => void;
  /** A Google Sheet's `<spreadsheetId>/<tab>` is typed: its fields are read once it is left. */
  onSheetCommit: () => void;
  errors: { provider?: string; object?: string };
}

/** Where the records go: a provider, then one of the objects it offers (a sheet: typed). */
export function DestinationPicker({
  provider,
  object,
  objects,
  fieldsError,
  onRetryFields,
  onProviderChange,
  onObjectChange,
  onSheetCommit,
  errors,
}: DestinationPickerProps) {
  const readError = objects.error ?? fieldsError;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Provider" error={errors.provider}>
          {(id) => (
            <Select
              id={id}
              value={provider}
              placeholder="Choose a provider"
              options={ACTIVATION_PROVIDERS.map((value) => ({
                value,
                label: ACTIVATION_PROVIDER_LABELS[value],
              }))}
              onChange={onProviderChange}
            />
          )}
        </FormField>
        {provider === 'google_sheets' ? (
          <FormField
            label="Spreadsheet id/Tab"
            error={errors.object}
            help="The id in the sheet's address, a slash, then the tab's name: 1AbC…/Accounts."
          >
            {(id) => (
              <Input
                id={id}
                value={object}
                maxLength={255}
                onChange={(event) => onObjectChange(event.target.value)}
                onBlur={onSheetCommit}
                onPressEnter={onSheetCommit}
              />
            )}
          </FormField>
        ) : (
          <FormField label="Object" error={errors.object}>
            {(id) => (
              <Select
                id={id}
                value={object || undefined}
                disabled={!provider || objects.isError}
                loading={objects.isFetching}
                placeholder={provider ? 'Choose an object' : 'Choose a provider first'}
                showSearch={{ optionFilterProp: 'label' }}
                options={objects.data?.map((item) => ({ value: item.name, label: item.label }))}
                onChange={onObjectChange}
              />
            )}
          </FormField>
        )}
      </div>
      {provider && readError && (
        <DestinationError
          provider={provider}
          error={toApiError(readError)}
          onRetry={() => (objects.isError ? void objects.refetch() : onRetryFields())}
        />
      )}
    </div>
  );
}

/**
 * A 4xx means the provider cannot be asked (not connected, its grant revoked): the way on is
 * Connections. Anything else may pass: try again.
 */
function DestinationError({
  provider,
  error,
  onRetry,
}: {
  provider: ActivationProvider;
  error: ApiError;
  onRetry: () => void;
}) {
  const isRefused = error.status !== undefined && error.status >= 400 && error.status < 500;
  if (!isRefused) {
    return (
      <LoadError
        title={`What ${ACTIVATION_PROVIDER_LABELS[provider]} offers could not be loaded.`}
        error={error}
        onRetry={onRetry}
      />
    );
  }
  return (
    <InlineAlert
      type="error"
      title={error.message}
      description={
        <Link to={APP_ROUTES.connections}>
          {`Connect ${ACTIVATION_PROVIDER_LABELS[provider]} in Connections`}
        </Link>
      }
    />
  );
}
