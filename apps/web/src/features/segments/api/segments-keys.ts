/** Query keys of the segments feature. */
export const segmentsKeys = {
  all: ['segments'] as const,
  mine: () => [...segmentsKeys.all, 'mine'] as const,
};
