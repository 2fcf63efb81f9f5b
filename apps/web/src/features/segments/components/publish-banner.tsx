import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { InlineAlert } from '@/common/ui/inline-alert';
import { isPublishRunActive, usePublishRun } from '../api/get-publish-run';
import { segmentsKeys } from '../api/segments-keys';

/**
 * While a mapping publish runs, segment pages say their data is about to be replaced; when it
 * ends, the segment's rows are read again (ADR 0019).
 */
export function PublishBanner() {
  const run = usePublishRun();
  const queryClient = useQueryClient();
  const isActive = isPublishRunActive(run.data);
  const wasActive = useRef(isActive);
  useEffect(() => {
    if (wasActive.current && !isActive)
      void queryClient.invalidateQueries({ queryKey: segmentsKeys.all });
    wasActive.current = isActive;
  }, [isActive, queryClient]);
  if (!isActive) return null;
  return (
    <InlineAlert
      type="info"
      className="mb-4"
      title="Publishing your mapping"
      description="Segments will show your data as soon as the publish finishes."
    />
  );
}
