import { APP_ROUTES, type Play } from '@revlane/contracts';
import { Button, Skeleton, Tag } from 'antd';
import { Link } from 'react-router';
import { getErrorText, toApiError } from '@/common/api';
import { formatTimestamp } from '@/common/lib/format-timestamp';
import { useLocalSettings } from '@/common/local-settings';
import { usePlays } from '../api/get-plays';
import { describeCounts } from '../lib/describe-play';
import { RUN_STATUS_COLORS } from './last-run-summary';

/** Runs listed on the home dashboard. */
const RECENT_RUNS = 5;

/**
 * The home dashboard's play activity: the latest run of each play (from `GET plays`, which
 * answers every play with its last run), newest first, with counts and a link to the play;
 * the last opened play ("selected play") is marked, and linked even before it has run.
 */
export function RecentPlayActivity() {
  const plays = usePlays();
  const [settings] = useLocalSettings();
  if (plays.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (plays.isError) {
    const error = toApiError(plays.error);
    return (
      <div className="flex flex-col items-start gap-2">
        <p>{getErrorText(error.body) ?? error.message}</p>
        <Button size="small" onClick={() => void plays.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const recent = plays.data.items
    .filter(
      (play): play is Play & { lastRun: NonNullable<Play['lastRun']> } => play.lastRun !== null,
    )
    .sort((a, b) => b.lastRun.startedAt.localeCompare(a.lastRun.startedAt))
    .slice(0, RECENT_RUNS);
  const selected = plays.data.items.find((play) => play.id === settings.selectedPlay);
  return (
    <div className="flex flex-col gap-3">
      {recent.length === 0 ? (
        <p>No play activity yet. Runs of your plays and their outcomes will show here.</p>
      ) : (
        <ul aria-label="Recent play runs" className="flex flex-col gap-2">
          {recent.map((play) => (
            <li key={play.id} className="flex flex-wrap items-center gap-2">
              <Link to={APP_ROUTES.play(play.id)}>{play.name}</Link>
              <Tag color={RUN_STATUS_COLORS[play.lastRun.status]}>{play.lastRun.status}</Tag>
              <span>{describeCounts(play.lastRun.counts)}</span>
              <span className="text-slate-500">{formatTimestamp(play.lastRun.startedAt)}</span>
            </li>
          ))}
        </ul>
      )}
      {selected && (
        <p>
          Last opened: <Link to={APP_ROUTES.play(selected.id)}>{selected.name}</Link>
        </p>
      )}
    </div>
  );
}
