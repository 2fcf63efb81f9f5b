/** Rows whose `code` is numeric until the very last one: only a whole-file sniff sees text. */
export function leadsCsv(rows: number): string {
  const lines = ['id,email,score,signed_up,code'];
  for (let i = 1; i <= rows; i += 1) {
    const code = i === rows ? 'X-1' : String(i);
    lines.push(
      `${i},"lead${i}@example.com",${(i % 7) + 0.25},2024-03-${String((i % 28) + 1).padStart(2, '0')},${code}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
