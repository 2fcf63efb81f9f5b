import { APP_ROUTES, type RecordDetail } from '@revlane/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/common/ui/page-header';
import { recordTitle, textOf } from '../lib/record-text';

interface Fact {
  label: string;
  value: ReactNode;
}

/** The record's name as the page's one heading, then who and what it is at a glance. */
export function RecordHeader({ detail }: { detail: RecordDetail }) {
  const row = detail.record;
  const facts: Fact[] = [];
  const domain = textOf(row.domain);
  const email = textOf(row.email);
  if (detail.kind === 'accounts' && domain) facts.push({ label: 'Domain', value: domain });
  if (detail.kind === 'users') {
    if (email) facts.push({ label: 'Email', value: <a href={`mailto:${email}`}>{email}</a> });
    facts.push({ label: 'Account', value: <AccountLink detail={detail} /> });
  }
  const owner = ownerOf(row.owner_name, row.owner_email);
  if (owner) facts.push({ label: 'Owner', value: owner });
  return (
    <PageHeader
      title={recordTitle(row)}
      description={
        facts.length > 0 && (
          <dl className="flex flex-wrap gap-x-6 gap-y-1">
            {facts.map((fact) => (
              <div key={fact.label} className="flex gap-1.5">
                <dt className="text-slate-500">{fact.label}</dt>
                <dd className="text-slate-800">{fact.value}</dd>
              </div>
            ))}
          </dl>
        )
      }
    />
  );
}

/** A user's account, by name, linking to its page. */
function AccountLink({ detail }: { detail: RecordDetail }) {
  const account = detail.account;
  const id = textOf(account?.id) ?? textOf(detail.record.account_id);
  if (!id) return <span className="text-slate-500">None</span>;
  return <Link to={APP_ROUTES.account(id)}>{account ? recordTitle(account) : id}</Link>;
}

/** The CRM owner (`owner_name`, `owner_email`): their name and email, whichever it has. */
function ownerOf(
  nameValue: RecordDetail['record'][string] | undefined,
  emailValue: RecordDetail['record'][string] | undefined,
): ReactNode {
  const name = textOf(nameValue);
  const email = textOf(emailValue);
  const mail = email && <a href={`mailto:${email}`}>{email}</a>;
  if (name && mail) {
    return (
      <>
        {name} ({mail})
      </>
    );
  }
  return name ?? mail ?? null;
}
