/** `Product-qualified accounts` on 2024-06-15 → `product-qualified-accounts-2024-06-15.csv`. */
export function exportFileName(segmentName: string, now = new Date()): string {
  const slug = segmentName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${slug || 'segment'}-${now.toISOString().slice(0, 10)}.csv`;
}
