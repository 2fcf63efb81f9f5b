/** Query keys of the navigation feature. */
export const navigationKeys = {
  all: ['navigation'] as const,
  segmentMenu: () => [...navigationKeys.all, 'segment-menu'] as const,
};
