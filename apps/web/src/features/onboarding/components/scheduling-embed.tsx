import { ExportOutlined } from '@ant-design/icons';
import { InlineAlert } from '@/common/ui/inline-alert';
import { Loader } from '@/common/ui/loader';
import { buildEmbedUrl, useSchedulingEmbed } from '../hooks/use-scheduling-embed';

interface SchedulingEmbedProps {
  /** The configured scheduling page (event type demo). */
  pageUrl: string;
  onScheduled: () => void;
}

/** The hosted meeting scheduler inline, or a plain link when it cannot load. */
export function SchedulingEmbed({ pageUrl, onScheduled }: SchedulingEmbedProps) {
  const status = useSchedulingEmbed(pageUrl, onScheduled);
  const link = (
    <a href={pageUrl} target="_blank" rel="noopener noreferrer" className="font-medium">
      Open the scheduling page <ExportOutlined aria-hidden="true" />
    </a>
  );

  if (status === 'failed') {
    return (
      <InlineAlert
        type="info"
        title="The scheduling widget could not load here."
        description={<span>You can still pick a time on the scheduling page itself. {link}</span>}
      />
    );
  }
  return (
    <div className="relative h-[620px] overflow-hidden rounded-xl ring-1 ring-slate-200">
      {status === 'loading' && (
        <div className="absolute inset-0 bg-white">
          <Loader label="Loading the scheduling widget" />
        </div>
      )}
      <iframe
        title="Schedule a meeting with a Revlane expert"
        src={buildEmbedUrl(pageUrl)}
        className="size-full border-0"
      />
    </div>
  );
}
