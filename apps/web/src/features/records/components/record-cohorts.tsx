import { APP_ROUTES, type RecordMembership } from '@revlane/contracts';
import { Link } from 'react-router';
import { formatTimestamp } from '@/common/lib/format-timestamp';
import { SectionCard } from '@/common/ui/section-card';
import { EmptyNote } from './empty-note';

/** The cohorts the record is in now (since when), then those it left recently (when). */
export function RecordCohorts({ memberships }: { memberships: RecordMembership[] }) {
  const current = memberships.filter((membership) => membership.leftAt === null);
  const left = memberships.filter((membership) => membership.leftAt !== null);
  return (
    <SectionCard title="Cohorts">
      {current.length === 0 ? (
        <EmptyNote>Not in any cohort</EmptyNote>
      ) : (
        <MembershipList label="Current cohorts" memberships={current} />
      )}
      {left.length > 0 && (
        <>
          <h3 className="mb-2 mt-5 text-sm font-semibold text-slate-700">Left recently</h3>
          <MembershipList label="Cohorts left recently" memberships={left} />
        </>
      )}
    </SectionCard>
  );
}

function MembershipList({
  label,
  memberships,
}: {
  label: string;
  memberships: RecordMembership[];
}) {
  return (
    <ul aria-label={label} className="flex flex-col gap-2 text-sm">
      {memberships.map((membership) => {
        const when = membership.leftAt
          ? `Left ${formatTimestamp(membership.leftAt)}`
          : membership.enteredAt && `Entered ${formatTimestamp(membership.enteredAt)}`;
        return (
          <li key={`${membership.cohortId}:${membership.leftAt ?? ''}`} className="flex flex-col">
            <Link to={APP_ROUTES.cohort(membership.segmentId, membership.cohortId)}>
              {membership.cohortName}
            </Link>
            {when && <span className="text-slate-500">{when}</span>}
          </li>
        );
      })}
    </ul>
  );
}
