import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { Cohort } from '@revlane/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { cohortLink } from '../../lib/cohort-link';
import { formatCount } from '../../lib/format-count';
import { RenameCohortInput } from './rename-cohort-input';
import { StarButton } from './star-button';

interface CohortListItemProps {
  cohort: Cohort;
  isActive: boolean;
  onDelete: (cohort: Cohort) => void;
}

/** One cohort: its link, member count, star, rename and delete. */
export function CohortListItem({ cohort, isActive, onDelete }: CohortListItemProps) {
  const [isRenaming, setRenaming] = useState(false);
  return (
    <li className={`flex items-start gap-1 rounded-lg px-1 py-1 ${isActive ? 'bg-brand-50' : ''}`}>
      <StarButton cohort={cohort} />
      {isRenaming ? (
        <RenameCohortInput cohort={cohort} onDone={() => setRenaming(false)} />
      ) : (
        <>
          <Link
            to={cohortLink(cohort)}
            aria-current={isActive ? 'page' : undefined}
            // A long name wraps rather than being cut: "Paying cus…" could be any of several.
            className={`min-w-0 flex-1 py-0.5 break-words ${isActive ? 'font-semibold' : ''}`}
          >
            {cohort.name}
          </Link>
          {cohort.members !== null && (
            <span className="py-0.5 text-xs text-slate-500" title="Members">
              {formatCount(cohort.members)}
            </span>
          )}
          <Button
            type="text"
            size="small"
            aria-label={`Rename ${cohort.name}`}
            icon={<EditOutlined aria-hidden="true" />}
            onClick={() => setRenaming(true)}
          />
          <Button
            type="text"
            size="small"
            aria-label={`Delete ${cohort.name}`}
            icon={<DeleteOutlined aria-hidden="true" />}
            onClick={() => onDelete(cohort)}
          />
        </>
      )}
    </li>
  );
}
