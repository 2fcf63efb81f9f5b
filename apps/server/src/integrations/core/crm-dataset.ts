import { demoAccountNaming } from '../../warehouse/index.js';

/**
 * The sandbox CRMs' deterministic records (docs/architecture.md §6, Connections): accounts
 * named and domained as the demo warehouse's first accounts, so the mapping joins them by
 * domain, each with contacts, deals and an owner. Every record is labelled Sandbox.
 */
export interface CrmDataset {
  owners: { id: string; name: string; email: string; modifiedAt: string }[];
  accounts: {
    id: string;
    name: string;
    domain: string;
    ownerId: string;
    industry: string;
    arr: number;
    modifiedAt: string;
  }[];
  contacts: {
    id: string;
    accountId: string;
    firstName: string;
    lastName: string;
    email: string;
    modifiedAt: string;
  }[];
  deals: {
    id: string;
    accountId: string;
    name: string;
    stage: string;
    amount: number;
    ownerId: string;
    closeDate: string;
    modifiedAt: string;
  }[];
}

export const SANDBOX_ACCOUNTS = 300;
/**
 * The sandbox CRMs' users. The first is the demo organization's rep (docs/architecture.md
 * §2, Alex Member), so "owner is me" shows the demo's rep their own accounts (ADR 0032).
 */
const OWNERS = ['Alex Member', 'Jonas Berg', 'Priya Natarajan', 'Lucas Moreau', 'Aisha Okafor'];
const DEMO_REP_EMAIL = 'alex@acme.example';
const FIRST = ['Alex', 'Sam', 'Robin', 'Jordan', 'Taylor', 'Morgan', 'Casey'];
const LAST = ['Smith', 'Garcia', 'Kim', 'Novak', 'Silva', 'Larsen', 'Ito'];
const STAGES = ['Prospecting', 'Qualification', 'Proposal', 'Negotiation', 'Closed Won'];
const INDUSTRIES = ['Software', 'Retail', 'Finance', 'Healthcare', 'Education'];
const BASE = Date.UTC(2026, 9, 1);
const at = (hours: number) => new Date(BASE + hours * 3_600_000).toISOString();
const pad = (n: number) => String(n).padStart(6, '0');

/** 300 accounts, 2 contacts each (600), a deal for every other account and a half (450). */
export function crmDataset(prefix: {
  account: string;
  contact: string;
  deal: string;
  owner: string;
}): CrmDataset {
  const owners = OWNERS.map((name, i) => ({
    id: `${prefix.owner}${pad(i + 1)}`,
    name,
    email: i === 0 ? DEMO_REP_EMAIL : `${name.split(' ')[0]!.toLowerCase()}@sandbox.revlane.test`,
    modifiedAt: at(i),
  }));
  const accounts: CrmDataset['accounts'] = [];
  const contacts: CrmDataset['contacts'] = [];
  const deals: CrmDataset['deals'] = [];
  for (let i = 0; i < SANDBOX_ACCOUNTS; i++) {
    const { name, domain } = demoAccountNaming(i);
    const id = `${prefix.account}${pad(i + 1)}`;
    const ownerId = owners[i % owners.length]!.id;
    accounts.push({
      id,
      name,
      domain,
      ownerId,
      industry: INDUSTRIES[i % INDUSTRIES.length]!,
      arr: 1200 * ((i % 40) + 1),
      modifiedAt: at(i),
    });
    for (let c = 0; c < 2; c++) {
      const first = FIRST[(i + c) % FIRST.length]!;
      const last = LAST[(i * 3 + c) % LAST.length]!;
      contacts.push({
        id: `${prefix.contact}${pad(i * 2 + c + 1)}`,
        accountId: id,
        firstName: first,
        lastName: last,
        email: `${first}.${last}@${domain}`.toLowerCase(),
        modifiedAt: at(i + c),
      });
    }
    const dealCount = i % 2 === 0 ? 2 : 1;
    for (let d = 0; d < dealCount; d++) {
      deals.push({
        id: `${prefix.deal}${pad(deals.length + 1)}`,
        accountId: id,
        name: `${name} — ${d === 0 ? 'New business' : 'Expansion'}`,
        stage: STAGES[(i + d) % STAGES.length]!,
        amount: 5000 + ((i * 37 + d * 11) % 90) * 500,
        ownerId,
        closeDate: at(24 * 30 + i * 6).slice(0, 10),
        modifiedAt: at(i + d),
      });
    }
  }
  return { owners, accounts, contacts, deals };
}
