import mysql from 'mysql2/promise';

/** The local MariaDB/MySQL server on 127.0.0.1:3306 (root, no password). */
export const MARIADB = { host: '127.0.0.1', port: 3306, user: 'root' };

/**
 * An admin connection to it, or null without one, after a warning that `skipped` (the
 * tests needing it) are skipped.
 */
export async function sourceMariaDb(skipped: string): Promise<mysql.Connection | null> {
  try {
    return await mysql.createConnection({
      ...MARIADB,
      connectTimeout: 2000,
      multipleStatements: true,
    });
  } catch {
    console.warn(`${skipped} skipped: no MariaDB/MySQL on 127.0.0.1:3306`);
    return null;
  }
}
