import { ApiOutlined } from '@ant-design/icons';
import { EmptyPage } from '@/common/ui/empty-page';

const KINDS = [
  { title: 'CRM', text: 'Salesforce and HubSpot: accounts, contacts, owners, tasks and leads.' },
  { title: 'Product data', text: 'PostgreSQL, MySQL, CSV files, Google Sheets and Redash.' },
  { title: 'Messaging', text: 'Slack for alerts, Intercom and Outreach for plays.' },
];

/** The integrations page; connectors arrive with their own issue. */
export function ConnectionsPage() {
  return (
    <>
      <EmptyPage
        title="Connections"
        description="Connect your CRM and product data so segments know your customers."
        icon={<ApiOutlined />}
        emptyTitle="No connections yet"
      >
        Each connection will show its status, last sync and any errors, with Sync now and Delete.
      </EmptyPage>
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {KINDS.map((kind) => (
          <li key={kind.title} className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
            <h2 className="text-sm font-semibold text-slate-900">{kind.title}</h2>
            <p className="mt-1 text-sm text-slate-600">{kind.text}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
