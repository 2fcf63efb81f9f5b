import type { BaseTable, ScorePreviewBody } from '@revlane/contracts';

/** Query keys of the scores feature; record pages read under `records`. */
export const scoresKeys = {
  all: ['scores'] as const,
  list: () => [...scoresKeys.all, 'list'] as const,
  detail: (id: string) => [...scoresKeys.all, 'detail', id] as const,
  preview: (body: ScorePreviewBody) => [...scoresKeys.all, 'preview', body] as const,
  records: () => [...scoresKeys.all, 'record'] as const,
  record: (table: BaseTable, recordId: string) =>
    [...scoresKeys.records(), table, recordId] as const,
};
