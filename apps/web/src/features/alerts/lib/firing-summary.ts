import type { Firing } from '@revlane/contracts';

/** What a firing says in one line, as its Slack header and email subject say it. */
export function firingSummary(
  firing: Pick<Firing, 'type' | 'count' | 'previousCount'> & { alertName: string },
): string {
  if (firing.type === 'new') {
    return `${firing.alertName}: ${firing.count} new record${firing.count === 1 ? '' : 's'}`;
  }
  return `${firing.alertName}: down to ${firing.count} from ${firing.previousCount ?? '?'}`;
}
