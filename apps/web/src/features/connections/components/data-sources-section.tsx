import { DatabaseOutlined } from '@ant-design/icons';
import type { Source } from '@revlane/contracts';
import { AdminOnlyButton } from '@/common/ui/admin-only-button';
import { EmptyState } from '@/common/ui/empty-state';
import { LoadError } from '@/common/ui/load-error';
import { Loader } from '@/common/ui/loader';
import { useSources } from '../api/get-sources';
import { SourceCard } from './source-card';

interface DataSourcesSectionProps {
  canEdit: boolean;
  onAdd: () => void;
  onEdit: (source: Source) => void;
  onDelete: (source: Source) => void;
  onMap: (source: Source) => void;
}

/** The "Data sources" group: one card per source, or why there is none. */
export function DataSourcesSection({
  canEdit,
  onAdd,
  onEdit,
  onDelete,
  onMap,
}: DataSourcesSectionProps) {
  const sources = useSources();
  return (
    <section aria-labelledby="data-sources-title">
      <h2 id="data-sources-title" className="mb-4 text-base font-semibold text-slate-900">
        Data sources
      </h2>
      {sources.isPending && <Loader label="Loading data sources" />}
      {sources.isError && (
        <LoadError
          title="The data sources could not be loaded"
          error={sources.error}
          onRetry={() => void sources.refetch()}
        />
      )}
      {sources.data?.length === 0 && (
        <EmptyState
          icon={<DatabaseOutlined />}
          title="No data sources yet"
          action={
            <AdminOnlyButton
              canEdit={canEdit}
              action="add data sources"
              type="primary"
              onClick={onAdd}
            >
              Add data source
            </AdminOnlyButton>
          }
        >
          Connect a PostgreSQL or MySQL database, upload a CSV file, or read Google Sheets and
          Redash queries. Each table lands in your organization&apos;s own warehouse.
        </EmptyState>
      )}
      {sources.data && sources.data.length > 0 && (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {sources.data.map((source) => (
            <SourceCard
              key={source.id}
              source={source}
              canEdit={canEdit}
              onEdit={() => onEdit(source)}
              onDelete={() => onDelete(source)}
              onMap={() => onMap(source)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
