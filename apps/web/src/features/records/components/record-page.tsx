import { APP_ROUTES, type RecordDetail, type RecordKind } from '@revlane/contracts';
import { Skeleton } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { toApiError } from '@/common/api';
import { EmptyState } from '@/common/ui/empty-state';
import { LoadError } from '@/common/ui/load-error';
import { PageHeader } from '@/common/ui/page-header';
import { useRecord } from '../api/get-record';
import type { RecordDisplay } from '../lib/record-display';
import { RECORD_NOUN, recordTitle, textOf } from '../lib/record-text';
import { AccountUsers } from './account-users';
import { ActivityCard } from './activity-card';
import { RecordAlerts } from './record-alerts';
import { RecordCohorts } from './record-cohorts';
import { RecordColumns } from './record-columns';
import { RecordHeader } from './record-header';
import { RecordPlayActions } from './record-play-actions';
import { RecordTimeline } from './record-timeline';

const PAGE_TITLES: Record<RecordKind, string> = { accounts: 'Account', users: 'User' };

interface RecordPageProps extends RecordDisplay {
  kind: RecordKind;
  id: string;
}

/**
 * One account's or user's page (`/app/accounts/{id}`, `/app/users/{id}`, docs/product.md §2):
 * its columns by group, its users or account, activity, timeline, scores, cohorts, alerts and plays.
 */
export function RecordPage({ kind, id, ...display }: RecordPageProps) {
  const record = useRecord(kind, id);
  if (record.isPending || record.isError) {
    const noun = RECORD_NOUN[kind];
    const isMissing = record.isError && toApiError(record.error).status === 404;
    return (
      <section>
        <PageHeader title={PAGE_TITLES[kind]} />
        {record.isPending ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : isMissing ? (
          <EmptyState
            title={`${PAGE_TITLES[kind]} not found`}
            action={<Link to={APP_ROUTES.home}>Back to home</Link>}
          >
            {`This ${noun} is not in your organization's data, or the latest data load removed it.`}
          </EmptyState>
        ) : (
          <LoadError
            title={`This ${noun} could not be loaded.`}
            error={record.error}
            onRetry={() => void record.refetch()}
          />
        )}
      </section>
    );
  }
  return <RecordDetails id={id} detail={record.data} display={display} />;
}

interface RecordDetailsProps {
  id: string;
  detail: RecordDetail;
  display: RecordDisplay;
}

function RecordDetails({ id, detail, display }: RecordDetailsProps) {
  const kind = detail.kind;
  const noun = RECORD_NOUN[kind];
  const users = detail.users;
  const userNames = useMemo(
    () => new Map((users ?? []).map((user) => [textOf(user.id) ?? '', recordTitle(user)])),
    [users],
  );
  return (
    <section>
      <RecordHeader detail={detail} />
      <RecordColumns
        columns={detail.columns}
        record={detail.record}
        ValueCell={display.ValueCell}
      />
      <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <ActivityCard kind={kind} id={id} />
          {kind === 'accounts' && (
            <AccountUsers
              users={users ?? []}
              total={detail.usersTotal ?? users?.length ?? 0}
              ValueCell={display.ValueCell}
            />
          )}
          <RecordTimeline
            kind={kind}
            id={id}
            userNames={kind === 'accounts' ? userNames : undefined}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <display.ScoresCard table={kind} recordId={id} />
          <RecordCohorts memberships={detail.memberships} />
          <RecordAlerts firings={detail.firings} noun={noun} />
          <RecordPlayActions
            items={detail.playItems}
            noun={noun}
            actionLabels={display.actionLabels}
          />
        </div>
      </div>
    </section>
  );
}
