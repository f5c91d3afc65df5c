import type { Logger } from "drizzle-orm";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

/**
 * The PostgreSQL server side of `openDatabase` (client.ts), in a module of its own so that a process on PGlite
 * never loads node-postgres (issue 21: about 50 ms of every start).
 */

const defaultIdleError = (error: Error) => console.error(`PostgreSQL connection lost while idle: ${error.message}`);

/**
 * A node-postgres pool whose `close()` resolves only when every connection is closed: pool.end()
 * resolves once its clients are told to end, not when their connections are, and a connection still
 * open when its database is dropped or its server stopped is then terminated under a client no one
 * listens to. An idle connection the server drops (a restart, a terminated backend) is an 'error'
 * event given to `onIdleError`: the pool discards that client and opens a new one when asked;
 * unheard, the event would end the process. Checked-out clients are waited for (pool.end() waits
 * until they are released).
 */
export function openPool(
  connectionString: string,
  onIdleError: (error: Error) => void,
  max = 10,
): { pool: pg.Pool; close: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString, max });
  pool.on("error", (error) => onIdleError(error));
  const open = new Set<pg.PoolClient>();
  pool.on("connect", (client) => open.add(client));
  // 'remove' is emitted once the client's connection has closed (the server has ended its backend).
  const closed = new Promise<void>((resolve) => {
    pool.on("remove", (client) => {
      open.delete(client);
      if (pool.ending && open.size === 0) resolve();
    });
  });
  let ended: Promise<void> | null = null;
  const close = () =>
    (ended ??= (async () => {
      await pool.end();
      if (open.size > 0) await closed;
    })());
  return { pool, close };
}

/**
 * Opens a pool on `databaseUrl` and migrates unless `migrationsCurrent` says it is current or this is a worker
 * (see `openDatabase` in client.ts, which gives the migrations; this module does not import it).
 */
export async function openPostgres(opts: {
  databaseUrl: string;
  onIdleError?: (error: Error) => void;
  logger?: Logger;
  skipMigrations?: boolean;
  poolSize?: number;
  migrationsFolder: string;
  migrationsCurrent: (db: NodePgDatabase<typeof schema>) => Promise<boolean>;
}): Promise<{ db: NodePgDatabase<typeof schema>; kind: "postgres"; close: () => Promise<void> }> {
  const { pool, close } = openPool(opts.databaseUrl, opts.onIdleError ?? defaultIdleError, opts.poolSize);
  const db = drizzle({ client: pool, schema, logger: opts.logger });
  try {
    if (!opts.skipMigrations && !(await opts.migrationsCurrent(db)))
      await migrate(db, { migrationsFolder: opts.migrationsFolder });
  } catch (error) {
    await close();
    throw error;
  }
  return { db, kind: "postgres", close };
}
