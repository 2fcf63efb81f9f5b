import type { ConnectionProvider } from '@revlane/contracts';

/** Each provider's mark in its brand colour (decorative: the name is written beside it). */
const MARKS: Record<ConnectionProvider, { letters: string; className: string }> = {
  salesforce: { letters: 'SF', className: 'bg-[#00a1e0] text-white' },
  hubspot: { letters: 'HS', className: 'bg-[#ff7a59] text-white' },
  intercom: { letters: 'IC', className: 'bg-[#1f8ded] text-white' },
  outreach: { letters: 'OR', className: 'bg-[#5951ff] text-white' },
  slack: { letters: 'SL', className: 'bg-[#4a154b] text-white' },
};

export function ProviderLogo({ provider }: { provider: ConnectionProvider }) {
  const mark = MARKS[provider];
  return (
    <span
      aria-hidden="true"
      className={`flex size-10 shrink-0 items-center justify-center rounded-lg text-sm font-bold ${mark.className}`}
    >
      {mark.letters}
    </span>
  );
}
