/**
 * Runs `work` in a transaction on one connection (`run` sends a statement to it): committed
 * when `work` succeeds, else rolled back and `work`'s error thrown; the rollback's own error is
 * dropped, since the transaction may already be aborted.
 */
export async function inTransactionOn(
  run: (sql: string) => Promise<unknown>,
  work: () => Promise<void>,
): Promise<void> {
  await run('BEGIN TRANSACTION');
  try {
    await work();
    await run('COMMIT');
  } catch (error) {
    await run('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
