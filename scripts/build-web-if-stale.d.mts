export function buildWebIfStale(): void;
