import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client.ts";
import { freshPostgresDatabase } from "./fixture.ts";

/**
 * The PostgreSQL mode's connection pool (DATABASE_URL): a connection the server drops while idle
 * must not end the process, and closing must leave no connection behind (so the database can be
 * dropped or the server stopped right after). Runs in `npm run test:postgres`.
 */
const adminUrl = process.env.TEST_POSTGRES_URL;

describe.skipIf(!adminUrl)("PostgreSQL connection pool", () => {
  const admin = async <T>(run: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  };
  const connectionsTo = (name: string) =>
    admin(async (client) =>
      Number((await client.query("select count(*) as n from pg_stat_activity where datname = $1", [name])).rows[0].n),
    );

  it("an idle connection terminated by the server is reported, not fatal, and the next query opens a new one; close() ends every connection", async () => {
    const target = await freshPostgresDatabase(adminUrl!);
    const name = new URL(target.url).pathname.slice(1);
    const lost: Error[] = [];
    const database = await openDatabase({
      databaseUrl: target.url,
      dataDir: "",
      onIdleError: (error) => lost.push(error),
    });
    let closed = false;
    try {
      // Three connections at once, then idle in the pool.
      await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select pg_sleep(0.05)`)));
      expect(await connectionsTo(name)).toBeGreaterThanOrEqual(3);
      const killed = await admin(
        async (client) =>
          (await client.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [name]))
            .rowCount ?? 0,
      );
      expect(killed).toBeGreaterThanOrEqual(3);
      // Each terminated connection is reported on its own (and leaves the pool).
      await expect.poll(() => lost.length).toBe(killed);
      expect(lost[0]!.message).toMatch(/terminat/i);
      const result = await database.db.execute(sql`select 41 + 1 as answer`);
      expect((result as unknown as { rows: Array<{ answer: number }> }).rows[0]!.answer).toBe(42);
      await database.close();
      closed = true;
      // the server's backends end just after their clients have gone
      await expect.poll(() => connectionsTo(name)).toBe(0);
    } finally {
      if (!closed) await database.close();
      await target.drop();
    }
  });
});
