import type { ApiError } from '@/common/api';
import { DeleteRefusal } from './delete-refusal';
import { DependentList, DependentsLoading } from './dependents-check';
import { InlineAlert } from './inline-alert';

interface Dependent {
  kind: string;
  id: string;
  name: string;
}

interface DeleteDependentsNoticeProps {
  /** What is deleted, as the texts name it: 'the source', 'the segment'. */
  subject: string;
  /** The read of what depends on the record, asked when the dialog opens. */
  check: { isPending: boolean; isError: boolean; error: Error | null; data?: Dependent[] };
  /** The delete's failure: a 409 names the dependents in its `errors` (`<kind>:<id>`). */
  failure: ApiError | null;
}

/**
 * The part of a delete dialog about dependents (ADR 0006): the check while it runs, a check
 * that failed, what still uses the record under "Used by" (the dialog keeps Delete disabled
 * while there is any), and a refusal all the same, since something may have started to
 * depend on it since the list was read.
 */
export function DeleteDependentsNotice({ subject, check, failure }: DeleteDependentsNoticeProps) {
  const used = check.data ?? [];
  const refused = failure?.status === 409 ? failure.fieldErrors : [];
  return (
    <>
      {check.isPending && <DependentsLoading label={`Checking what uses ${subject}…`} />}
      {check.isError && (
        <InlineAlert
          type="warning"
          className="mt-4"
          title={`What uses ${subject} could not be checked.`}
          description={check.error?.message}
        />
      )}
      {used.length > 0 && (
        <InlineAlert
          type="error"
          className="mt-4"
          title="Used by"
          description={
            <>
              <DependentList label="Used by" dependents={used} />
              <p className="mt-2">Change or delete them first.</p>
            </>
          }
        />
      )}
      {failure && (
        <DeleteRefusal
          message={failure.message}
          dependents={refused.map((dependent) => ({
            key: dependent.path,
            label: `${dependent.path.split(':')[0]} ${dependent.message}`,
          }))}
        />
      )}
    </>
  );
}
