import type { FieldError, MappedEntity, Source } from '@revlane/contracts';
import { Button, Form, Switch, type FormInstance } from 'antd';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { toApiError } from '@/common/api';
import { AdminOnlyButton } from '@/common/ui/admin-only-button';
import { InlineAlert } from '@/common/ui/inline-alert';
import { useMappingRun } from '../../api/get-mapping-run';
import { useMappingPreview } from '../../api/preview-mapping';
import { usePublishMapping } from '../../api/publish-mapping';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { useKeepPicks } from '../../hooks/use-keep-picks';
import { mappingFieldsOf, mappingOfForm, type MappingFormValues } from '../../lib/mapping-form';
import { isSyncActive } from '../../lib/sync-status';
import { EntitySection } from './entity-section';
import { JoinedTables } from './joined-tables';
import { MappingPreviewPanel } from './mapping-preview-panel';
import { PublishProgress } from './publish-progress';

/** A pause in editing after which the preview is read again. */
export const PREVIEW_DELAY_MS = 400;

interface MappingFormProps {
  initialValues: MappingFormValues;
  sources: Source[];
  /** False for a member: every field is disabled and nothing is previewed nor published. */
  canEdit: boolean;
  onClose: () => void;
}

const ENTITIES: MappedEntity[] = ['accounts', 'users', 'events'];

/** An error about a joined table (or which source wins), not about the primary tables. */
const JOIN_PATH = /^(accounts|users)\.(joins|precedence)\b/;

/**
 * Shows the server's latest answer about the mapping: the fields its previous refusal marked
 * are cleared first, so a message ("No such data source", …) never outlives the picks it was
 * about once the server has checked the new ones.
 */
function showServerErrors(
  form: FormInstance,
  marked: RefObject<(string | number)[][]>,
  errors: readonly FieldError[],
) {
  const fields = mappingFieldsOf(errors);
  const named = new Set(fields.map(({ name }) => name.join('.')));
  const cleared = marked.current
    .filter((name) => !named.has(name.join('.')))
    .map((name) => ({ name, errors: [] }));
  form.setFields([...cleared, ...fields]);
  marked.current = fields.map(({ name }) => name);
}

/**
 * The mapping editor's body (ADR 0019): the three entities, a live preview of the match
 * statistics, and Publish with its progress. Refusals sit next to the fields they name.
 */
export function MappingForm({ initialValues, sources, canEdit, onClose }: MappingFormProps) {
  const [form] = Form.useForm();
  const [values, setValues] = useState(initialValues);
  const readValues = () => setValues(form.getFieldsValue(true) as MappingFormValues);
  const keepPicks = useKeepPicks(form, readValues);
  const serverMarked = useRef<(string | number)[][]>([]);
  const settled = useDebouncedValue(values, PREVIEW_DELAY_MS);
  const checked = useMemo(() => mappingOfForm(settled, sources), [settled, sources]);
  // The preview is a POST, which the server refuses a member: only an admin asks for it.
  const preview = useMappingPreview(canEdit && 'body' in checked ? checked.body : null);
  const previewError = useMemo(
    () => (preview.error ? toApiError(preview.error) : null),
    [preview.error],
  );
  const publish = usePublishMapping();
  const [runId, setRunId] = useState<string | null>(null);
  const run = useMappingRun(runId);
  const isPublishing =
    publish.isPending || (runId !== null && (!run.data || isSyncActive(run.data)));

  // The preview's refusal names fields: show each message next to its field. Its answer to
  // the mapping as it is now (not the previous one kept on screen) replaces the last one's.
  const isPreviewed = preview.isSuccess && !preview.isPlaceholderData;
  useEffect(() => {
    if (previewError?.fieldErrors.length)
      showServerErrors(form, serverMarked, previewError.fieldErrors);
    else if (isPreviewed) showServerErrors(form, serverMarked, []);
  }, [form, previewError, isPreviewed, preview.dataUpdatedAt]);

  const submit = () => {
    const current = mappingOfForm(form.getFieldsValue(true) as MappingFormValues, sources);
    if ('errors' in current) {
      form.setFields(mappingFieldsOf(current.errors));
      return;
    }
    void publish.mutate(current.body, {
      onSuccess: setRunId,
      onError: (error) => {
        if (error.fieldErrors.length) showServerErrors(form, serverMarked, error.fieldErrors);
      },
    });
  };

  const hint =
    'errors' in checked
      ? checked.errors.every(({ path }) => JOIN_PATH.test(path))
        ? 'Pick a table and a match column for each joined table to see how it matches.'
        : 'Pick a table and an id column for accounts and users to see how they match.'
      : previewError
        ? previewError.fieldErrors.length
          ? 'Fix the fields marked above to see the preview.'
          : previewError.message
        : null;

  return (
    <Form
      form={form}
      layout="vertical"
      disabled={!canEdit}
      initialValues={initialValues}
      onValuesChange={(changed: MappingFormValues) => {
        for (const entity of ENTITIES) {
          const part = changed[entity];
          if (part && ('sourceId' in part || 'table' in part)) void keepPicks.move(entity, part);
        }
        readValues();
      }}
      onFinish={submit}
      className="flex flex-col gap-4"
    >
      {!canEdit && (
        <InlineAlert type="info" title="Only admins can change the mapping; you can read it." />
      )}
      <EntitySection entity="accounts" sources={sources} dropped={keepPicks.dropped.accounts} />
      <JoinedTables entity="accounts" sources={sources} onPicksSet={readValues} />
      <EntitySection entity="users" sources={sources} dropped={keepPicks.dropped.users} />
      <JoinedTables entity="users" sources={sources} onPicksSet={readValues} />
      <Form.Item name="hasEvents" label="Map events" valuePropName="checked" className="!mb-0">
        <Switch />
      </Form.Item>
      {values.hasEvents && (
        <EntitySection entity="events" sources={sources} dropped={keepPicks.dropped.events} />
      )}
      {canEdit && (
        <MappingPreviewPanel preview={preview.data} isFetching={preview.isFetching} hint={hint} />
      )}
      {publish.isError && publish.error.fieldErrors.length === 0 && (
        <InlineAlert type="error" title={publish.error.message} />
      )}
      {runId && <PublishProgress runId={runId} />}
      <div className="flex justify-end gap-2">
        {/* Not disabled with the form: a member closes the mapping they read. */}
        <Button disabled={false} onClick={onClose}>
          Close
        </Button>
        <AdminOnlyButton
          canEdit={canEdit}
          action="publish the mapping"
          type="primary"
          htmlType="submit"
          loading={isPublishing}
          disabled={isPublishing}
        >
          Publish
        </AdminOnlyButton>
      </div>
    </Form>
  );
}
