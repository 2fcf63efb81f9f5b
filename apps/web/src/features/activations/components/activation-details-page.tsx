import { DeleteOutlined, EditOutlined, ExperimentOutlined, SendOutlined } from '@ant-design/icons';
import { APP_ROUTES, type Activation } from '@revlane/contracts';
import { Skeleton, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toApiError } from '@/common/api';
import { AdminOnlyButton } from '@/common/ui/admin-only-button';
import { ConfirmDialog } from '@/common/ui/confirm-dialog';
import { EmptyState } from '@/common/ui/empty-state';
import { InlineAlert } from '@/common/ui/inline-alert';
import { LoadError } from '@/common/ui/load-error';
import { PageHeader } from '@/common/ui/page-header';
import { SectionCard } from '@/common/ui/section-card';
import { useActivation, useActivationRuns } from '../api/get-activation';
import { useDeleteActivation, useStartRun } from '../api/save-activation';
import {
  describeDestination,
  isRunActive,
  MODE_LABELS,
  ON_LEAVE_LABELS,
  SCHEDULE_LABELS,
} from '../lib/describe-activation';
import { ActivationEditor } from './activation-editor';
import { DryRunResult } from './dry-run-result';
import { RunHistory } from './run-history';

/** The query parameter naming the opened run, so a link opens it. */
const RUN_PARAM = 'run';

interface ActivationDetailsPageProps {
  activationId: string;
  /** Admins change and run activations; members read them (docs/product.md §6). */
  canEdit: boolean;
}

/**
 * One activation (`/app/activations/{id}`): what it sends where, dry run and run now, its
 * runs and each run's records; "Edit" turns the page into its editor.
 */
export function ActivationDetailsPage({ activationId, canEdit }: ActivationDetailsPageProps) {
  const activation = useActivation(activationId);
  if (activation.isPending || activation.isError) {
    const isMissing = activation.isError && toApiError(activation.error).status === 404;
    return (
      <section>
        <PageHeader
          title="Activation details"
          description={<Link to={APP_ROUTES.activations}>All activations</Link>}
        />
        {activation.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : isMissing ? (
          <EmptyState title="Activation not found">It may have been deleted.</EmptyState>
        ) : (
          <LoadError
            title="This activation could not be loaded."
            onRetry={() => void activation.refetch()}
          />
        )}
      </section>
    );
  }
  return <ActivationDetails activation={activation.data} canEdit={canEdit} />;
}

function ActivationDetails({ activation, canEdit }: { activation: Activation; canEdit: boolean }) {
  const navigate = useNavigate();
  const [isEditing, setEditing] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  const [dryRunId, setDryRunId] = useState<string>();
  const [searchParams, setSearchParams] = useSearchParams();
  const openRunId = searchParams.get(RUN_PARAM) ?? undefined;
  const runs = useActivationRuns(activation.id);
  const start = useStartRun(activation.id);
  const remove = useDeleteActivation();
  const stopEditing = useCallback(() => setEditing(false), []);

  const runList = runs.data ?? (activation.lastRun ? [activation.lastRun] : []);
  // Until a real run has sent something, a dry run is the first thing to do (ADR 0033).
  const hasRealRun = runList.some((run) => !run.dryRun);
  // One unfinished run per activation: a second one waits for it to end.
  const isBusy = runList.some(isRunActive);

  const openRun = (runId: string | undefined) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (runId) next.set(RUN_PARAM, runId);
        else next.delete(RUN_PARAM);
        return next;
      },
      { replace: true },
    );
  const dryRun = () => start.mutate({ dryRun: true }, { onSuccess: (run) => setDryRunId(run.id) });
  const runNow = () => start.mutate({}, { onSuccess: (run) => openRun(run.id) });

  // Before the first real run the dry run is the suggested step; after it, running again.
  const runActions = [
    {
      label: 'Dry run',
      icon: <ExperimentOutlined aria-hidden="true" />,
      isPrimary: !hasRealRun,
      onClick: dryRun,
    },
    {
      label: 'Run now',
      icon: <SendOutlined aria-hidden="true" />,
      isPrimary: hasRealRun,
      onClick: runNow,
    },
  ];
  const runButtons = (
    <>
      {runActions.map(({ label, icon, isPrimary, onClick }) => (
        <AdminOnlyButton
          key={label}
          canEdit={canEdit}
          action="run activations"
          type={isPrimary ? 'primary' : 'default'}
          icon={icon}
          disabled={isBusy}
          onClick={onClick}
        >
          {label}
        </AdminOnlyButton>
      ))}
    </>
  );

  return (
    <section>
      <PageHeader
        title={activation.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Link to={APP_ROUTES.activations}>All activations</Link>
            <span>{`Cohort: ${activation.cohortName}`}</span>
            <span aria-label="Destination">{describeDestination(activation.destination)}</span>
            <Tag>{`Mode: ${MODE_LABELS[activation.mode]}`}</Tag>
            <Tag>{`Schedule: ${SCHEDULE_LABELS[activation.schedule]}`}</Tag>
          </span>
        }
        actions={
          <>
            {runButtons}
            <AdminOnlyButton
              canEdit={canEdit}
              action="change activations"
              icon={<EditOutlined aria-hidden="true" />}
              disabled={isEditing}
              onClick={() => setEditing(true)}
            >
              Edit
            </AdminOnlyButton>
            <AdminOnlyButton
              canEdit={canEdit}
              action="delete activations"
              danger
              icon={<DeleteOutlined aria-hidden="true" />}
              onClick={() => setDeleting(true)}
            >
              Delete
            </AdminOnlyButton>
          </>
        }
      />
      {!canEdit && (
        <InlineAlert
          type="info"
          className="mb-6"
          title="Only admins can change or run activations; you can read this one."
        />
      )}
      {isEditing ? (
        <ActivationEditor activation={activation} onSaved={stopEditing} onCancel={stopEditing} />
      ) : (
        <div className="flex flex-col gap-6">
          {!hasRealRun && runs.isSuccess && (
            <InlineAlert
              type="info"
              title="Start with a dry run"
              description={`A dry run works out what this activation would change at ${describeDestination(activation.destination)} and sends nothing. Look at the changes, then use "Run now".`}
            />
          )}
          {dryRunId && <DryRunResult activationId={activation.id} runId={dryRunId} />}
          <DefinitionSummary activation={activation} />
          <RunHistory
            activationId={activation.id}
            runs={runs}
            canEdit={canEdit}
            isBusy={isBusy}
            openRunId={openRunId}
            onOpen={openRun}
          />
        </div>
      )}
      <ConfirmDialog
        open={isDeleting}
        title={`Delete the activation "${activation.name}"?`}
        confirmText="Delete"
        isDanger
        isLoading={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(activation.id, {
            onSuccess: () => void navigate(APP_ROUTES.activations),
          })
        }
      >
        It stops writing to the destination; what it wrote stays there. Its runs stay readable.
      </ConfirmDialog>
    </section>
  );
}

/** What goes where: the match, each mapped field and, for Mirror, what leaving does. */
function DefinitionSummary({ activation }: { activation: Activation }) {
  return (
    <SectionCard title="Mapping">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-700">Match</dt>
        <dd>{`${activation.match.column} → ${activation.match.field}`}</dd>
        <dt className="font-medium text-slate-700">Fields</dt>
        <dd>
          {activation.fields.length === 0 ? (
            'None'
          ) : (
            <ul aria-label="Mapped fields">
              {activation.fields.map((field) => (
                <li key={field.field}>{`${field.column} → ${field.field}`}</li>
              ))}
            </ul>
          )}
        </dd>
        {activation.mode === 'mirror' && (
          <>
            <dt className="font-medium text-slate-700">On leave</dt>
            <dd>{ON_LEAVE_LABELS[activation.onLeave]}</dd>
          </>
        )}
      </dl>
    </SectionCard>
  );
}
