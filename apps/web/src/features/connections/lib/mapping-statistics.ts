import type { MappingPreview } from '@revlane/contracts';
import { formatCount } from './sync-status';

const percent = (value: number) => `${Math.round(value)}%`;

/** `1,874 of 2,000 users matched to an account, 94%` and the other lines of a preview. */
export function mappingStatistics(preview: MappingPreview): string[] {
  const { accounts, users, events } = preview;
  const lines = [`${formatCount(accounts.total)} accounts`];
  if (accounts.duplicateIds > 0)
    lines.push(`${formatCount(accounts.duplicateIds)} duplicate account ids (first row kept)`);
  lines.push(
    users.matchedBy === 'none'
      ? `${formatCount(users.total)} users, not matched to accounts: map an account id, or an email and the accounts’ domain`
      : `${formatCount(users.matchedToAccount)} of ${formatCount(users.total)} users matched to an account, ${percent(users.matchedPercent)}`,
  );
  if (users.matchedBy === 'email_domain') lines.push('Users matched by their email domain');
  if (users.duplicateIds > 0)
    lines.push(`${formatCount(users.duplicateIds)} duplicate user ids (first row kept)`);
  if (events)
    lines.push(
      `${formatCount(events.matchedToUser)} of ${formatCount(events.total)} events matched to a user, ${percent(events.matchedPercent)}`,
    );
  return lines;
}
