import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database.js';
import { JobsDatabase } from './jobs-database.js';

describe('JobsDatabase (pg-boss over the metadata database)', () => {
  it('answers nothing once closed, or once the database itself was closed under it', async () => {
    const database = await createTestDatabase();
    const jobs = new JobsDatabase(database);
    expect(await jobs.executeSql('SELECT 1 AS one')).toMatchObject({ rows: [{ one: 1 }] });

    await database.close();
    // pg-boss completes a finished job without awaiting it: a rejection would go unhandled.
    await expect(jobs.executeSql('SELECT 1 AS one')).resolves.toBeUndefined();

    jobs.close();
    await expect(jobs.executeSql('SELECT 1 AS one')).resolves.toBeUndefined();
  });
});
