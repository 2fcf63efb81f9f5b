import { APP_ROUTES } from '@revlane/contracts';
import { Link } from 'react-router';

interface ConnectStepContentProps {
  kind: 'crm' | 'data';
}

const CONTENT = {
  crm: {
    lines: [
      'Revlane reads accounts, contacts and owners from Salesforce or HubSpot, so every segment knows who owns a customer.',
      'Plays can then create tasks and leads in your CRM when records enter a cohort.',
    ],
    action: 'Connect a CRM',
    completesWhen: 'This step completes by itself once you connect a CRM.',
  },
  data: {
    lines: [
      'Bring in product usage from a PostgreSQL or MySQL database, CSV files, Google Sheets, Redash queries or an event stream.',
      'Revlane maps product users to accounts and contacts, so segments show how each customer uses your product.',
    ],
    action: 'Connect a data source',
    completesWhen:
      'This step completes by itself with the first successful sync of a data source you add.',
  },
} as const;

/** What connecting brings, and the way to the Connections page. */
export function ConnectStepContent({ kind }: ConnectStepContentProps) {
  const { lines, action, completesWhen } = CONTENT[kind];
  return (
    <div className="flex flex-col gap-3 text-sm leading-6 text-slate-700">
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p className="text-slate-500">{completesWhen}</p>
      <div>
        {/* Important: the design system's reset of links (unlayered) outranks utilities and
            made the background transparent, leaving white text on white. */}
        <Link
          to={APP_ROUTES.connections}
          className="inline-flex items-center rounded-lg !bg-brand-600 px-4 py-2 font-medium !text-white shadow-sm hover:!bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {action}
        </Link>
      </div>
    </div>
  );
}
