import type { PlayActionType } from '@revlane/contracts';
import { Tooltip } from 'antd';
import { ACTION_ICONS } from '../lib/action-icons';
import { ACTION_LABELS } from '../lib/describe-play';

/** The play's actions in order, one icon each, named for screen readers. */
export function ActionIconsList({ types }: { types: PlayActionType[] }) {
  if (types.length === 0) return <span className="text-slate-500">None yet</span>;
  return (
    <ol aria-label="Actions" className="flex items-center gap-2 text-base text-slate-700">
      {types.map((type, index) => (
        <li key={`${type}-${index}`}>
          <Tooltip title={ACTION_LABELS[type]}>
            <span role="img" aria-label={ACTION_LABELS[type]}>
              <span aria-hidden="true">{ACTION_ICONS[type]}</span>
            </span>
          </Tooltip>
        </li>
      ))}
    </ol>
  );
}
