import type { Play } from '@revlane/contracts';
import { Switch } from 'antd';
import { useUpdatePlay } from '../api/save-play';

/**
 * Active or paused: pausing stops new runs (ADR 0024). A draft turns active the first time
 * (its baseline is taken then); the API refuses a play without actions, shown in a toast.
 */
export function PlayStatusSwitch({
  play,
  isDisabled = false,
}: {
  play: Play;
  isDisabled?: boolean;
}) {
  const update = useUpdatePlay(play.id);
  const isActive = update.isPending
    ? update.variables.status === 'active'
    : play.status === 'active';
  return (
    <Switch
      aria-label={`Active: ${play.name}`}
      checked={isActive}
      loading={update.isPending}
      disabled={isDisabled}
      checkedChildren="Active"
      unCheckedChildren={play.status === 'draft' ? 'Draft' : 'Paused'}
      onChange={(checked) => update.mutate({ status: checked ? 'active' : 'paused' })}
    />
  );
}
