import { WarningOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { InlineAlert } from './inline-alert';

/**
 * Why an alert's channel or a play's action cannot send now, e.g. a disconnected Slack
 * (`warnings` in the API, docs/architecture.md §6): a warning on the details page, one line
 * or a list under `manyTitle`. Nothing when all can send.
 */
export function SendWarningsAlert({
  warnings,
  manyTitle,
}: {
  warnings: string[];
  manyTitle: string;
}) {
  if (warnings.length === 0) return null;
  return (
    <InlineAlert
      type="warning"
      className="mb-6"
      title={warnings.length === 1 ? warnings[0] : manyTitle}
      description={
        warnings.length > 1 && (
          <ul className="list-disc ps-5">
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        )
      }
    />
  );
}

/** The same warnings as tags beside a name in a list row. */
export function SendWarningTags({ warnings }: { warnings: string[] }) {
  return warnings.map((warning) => (
    <Tag key={warning} color="warning" icon={<WarningOutlined aria-hidden="true" />}>
      {warning}
    </Tag>
  ));
}
