import { useEffect, useMemo, useState } from 'react';

/** Without an answer from the widget by then, it is taken as unreachable (no internet). */
export const SCHEDULING_LOAD_TIMEOUT_MS = 5000;

export type EmbedStatus = 'loading' | 'ready' | 'failed';

interface SchedulingMessage {
  event: string;
}

function isSchedulingMessage(data: unknown): data is SchedulingMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { event?: unknown }).event === 'string' &&
    (data as SchedulingMessage).event.startsWith('calendly.')
  );
}

/** The widget's address with the hosted embed's parameters. */
export function buildEmbedUrl(pageUrl: string): string {
  const url = new URL(pageUrl);
  url.searchParams.set('embed_domain', window.location.host);
  url.searchParams.set('embed_type', 'Inline');
  url.searchParams.set('hide_gdpr_banner', '1');
  return url.toString();
}

/**
 * Frames fire no error event, and their load event fires even for the browser's own error
 * page, so success means the widget itself spoke: the hosted scheduler posts `calendly.*`
 * messages once it runs. Silence for 5 s counts as failure; the dialog offers a link instead.
 */
export function useSchedulingEmbed(pageUrl: string, onScheduled: () => void) {
  const [status, setStatus] = useState<EmbedStatus>('loading');
  const origin = useMemo(() => new URL(pageUrl).origin, [pageUrl]);

  useEffect(() => {
    const timer = window.setTimeout(
      () => setStatus((current) => (current === 'loading' ? 'failed' : current)),
      SCHEDULING_LOAD_TIMEOUT_MS,
    );
    const handleMessage = (event: MessageEvent) => {
      if (event.origin !== origin || !isSchedulingMessage(event.data)) return;
      setStatus('ready');
      if (event.data.event === 'calendly.event_scheduled') onScheduled();
    };
    window.addEventListener('message', handleMessage);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('message', handleMessage);
    };
  }, [origin, onScheduled]);

  return status;
}
