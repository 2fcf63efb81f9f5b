import { useMySegments } from '../api/get-my-segments';

/** The segment of the current route, looked up in the user's segment list. */
export function useSegment(segmentId: string) {
  const segments = useMySegments();
  return {
    segment: segments.data?.find((segment) => segment.id === segmentId),
    isPending: segments.isPending,
    isError: segments.isError,
    retry: () => void segments.refetch(),
  };
}
