import { Button, Tag, Tooltip } from 'antd';
import { CRM_TOOLS } from '../lib/source-types';

/**
 * The CRM and tool connections (Salesforce, HubSpot, Intercom, Outreach, Slack): planned
 * with their own issue (docs/product.md §1), so each shows as not connected and its Connect
 * button says why it is off.
 */
export function CrmToolsSection() {
  return (
    <section aria-labelledby="crm-tools-title" className="mt-10">
      <h2 id="crm-tools-title" className="mb-4 text-base font-semibold text-slate-900">
        CRM &amp; tools
      </h2>
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {CRM_TOOLS.map((tool) => (
          <li
            key={tool.id}
            aria-label={tool.name}
            className="flex items-center gap-3 rounded-xl bg-white p-5 ring-1 ring-slate-200"
          >
            <span
              aria-hidden="true"
              className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-sm font-semibold text-slate-600"
            >
              {tool.name.slice(0, 2)}
            </span>
            <div className="min-w-0 flex-1">
              <h3 className="text-sm font-semibold text-slate-900">{tool.name}</h3>
              <p className="truncate text-xs text-slate-500">{tool.description}</p>
            </div>
            <div className="flex flex-col items-end gap-1">
              <Tag className="!m-0">Not connected</Tag>
              <Tooltip title="Coming soon">
                {/* A disabled button gets no hover events: the wrapper carries the tooltip. */}
                <span>
                  <Button size="small" disabled>
                    Connect
                  </Button>
                </span>
              </Tooltip>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
