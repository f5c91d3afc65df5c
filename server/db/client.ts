import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Logger } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { setFlagsFromString } from "node:v8";
import { lockDataDir } from "./dataDirLock.ts";
import { secureDataDir } from "./dataDirMode.ts";
import { clearDataDir, findTemplate, holdsNothing, TEMPLATE_DIR, type TemplateFound } from "./pgliteTemplate.ts";
import * as schema from "./schema.ts";

/** The query layer both drivers share: PGlite (embedded) and node-postgres (a server). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

/** The extensions every PGlite of the server loads (pg_trgm: the keyword searches' trigram indexes, migration 0031). */
export const PGLITE_EXTENSIONS = { pg_trgm };

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

let known: { hash: string; createdAt: number; count: number; all: string } | undefined;

/**
 * The newest checked-in migration: its hash (SHA-256 of its SQL, as drizzle stores it) and its journal time;
 * `all`: a hash of every migration's hash and time, in order.
 */
function newestMigration() {
  if (!known) {
    const files = readMigrationFiles({ migrationsFolder });
    const newest = files[files.length - 1]!;
    const all = createHash("sha256");
    for (const file of files) all.update(`${file.hash} ${file.folderMillis}\n`);
    known = { hash: newest.hash, createdAt: newest.folderMillis, count: files.length, all: all.digest("hex") };
  }
  return known;
}

/** The installed PGlite's version (its data files are its PostgreSQL's). */
function pgliteVersion(): string {
  // The package's entry is in its dist/ folder; its package.json (not exported) one folder up.
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const manifest = JSON.parse(readFileSync(join(dirname(entry), "..", "package.json"), "utf8")) as { version: string };
  return manifest.version;
}

/**
 * Issue 21: what a migrated empty PGlite database holds, as a name for its template (pgliteTemplate.ts): every
 * checked-in migration (not just the newest: a changed older one makes another database) and the PGlite
 * version that wrote it.
 */
export function pgliteFingerprint(): string {
  return createHash("sha256")
    .update(`pglite ${pgliteVersion()}\nmigrations ${newestMigration().all}\n`)
    .digest("hex")
    .slice(0, 32);
}

/**
 * Issue 21: the database is at the newest migration when the last one drizzle recorded is the newest checked-in
 * file, by its hash and its time: one query, so a current database is not migrated again at start, and
 * `/readyz` reports a database whose migrations are behind. A database never migrated has no such table: false.
 */
export async function migrationsCurrent(db: Db): Promise<boolean> {
  const newest = newestMigration();
  try {
    const result = (await db.execute(
      sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    )) as unknown as { rows: Array<{ hash: string; created_at: string | number }> };
    const row = result.rows[0];
    return row !== undefined && row.hash === newest.hash && Number(row.created_at) === newest.createdAt;
  } catch {
    return false;
  }
}

/**
 * Issue 21: PGlite's PostgreSQL keeps PostgreSQL's default 128 MB of shared buffers inside its WebAssembly memory,
 * which alone held the process above 300 MB of RSS before the first request. Its data files are the operating
 * system's files (cached by it too), and the seeded database is smaller than this: 32 MB of buffers keep every
 * page the portal reads (measured: RSS about 220 MB after opening and reading every table, 350 MB with 128 MB).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"];

/**
 * Issue 21: V8 compiles PGlite's WebAssembly with its baseline compiler (Liftoff) and recompiles a function with
 * its optimising one (TurboFan) once the function has run for a budget. At the default budget PostgreSQL's own
 * start exhausts it for hundreds of functions, which were recompiled at every start: about 250 ms of CPU and
 * 50 MB of RSS before the first answer (measured with `bench/startup.ts`). A budget 100 times larger leaves the
 * start on the baseline code; the functions a load runs hot reach it within moments and are optimised then.
 * Set before the first PGlite compiles its module (once per process; it applies to the modules compiled after).
 */
let tieringSet = false;
function lazyWasmTierUp() {
  if (tieringSet) return;
  tieringSet = true;
  setFlagsFromString("--wasm-tiering-budget=180000000");
}

/** Where `openDatabase` is not told how to log: the warnings (a damaged template) on stderr. */
const warnOnly = (level: "info" | "warn", message: string) => {
  if (level === "warn") console.warn(message);
};

/**
 * Issue 21: a fresh PGlite database (`dataDir` holds nothing yet, or is in memory) loaded from the build's
 * migrated template (pgliteTemplate.ts) for these migrations, with the extensions and start parameters of every
 * PGlite of the server; null when there is none, or it is damaged, or it does not load or is not current (the
 * reason logged; what it wrote is removed): the caller then creates and migrates the database from scratch.
 */
async function fromTemplate(opts: {
  dataDir: string;
  onDisk: boolean;
  template: string;
  log: (level: "info" | "warn", message: string) => void;
}): Promise<PGlite | null> {
  let found: TemplateFound;
  try {
    found = findTemplate(opts.template, pgliteFingerprint());
  } catch (error) {
    // an unreadable build folder or PGlite's package not where it is looked for: no template, not a failed start
    const problem = error instanceof Error ? error.message : String(error);
    found = { level: "warn", reason: `no migrated template could be looked for (${problem})` };
  }
  if (!found.tar) {
    opts.log(found.level, `${found.reason}: migrating the new database from scratch`);
    return null;
  }
  const client = new PGlite(opts.dataDir, {
    extensions: PGLITE_EXTENSIONS,
    startParams: PGLITE_START_PARAMS,
    loadDataDir: found.tar,
  });
  let problem: string;
  try {
    await client.waitReady;
    if (await migrationsCurrent(drizzlePglite({ client, schema }))) {
      opts.log("info", `the new database was loaded from the migrated template ${found.file}`);
      return client;
    }
    problem = "its migrations are not the checked-in ones";
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  }
  opts.log(
    "warn",
    `the migrated template ${found.file} did not load (${problem}): migrating the new database from scratch`,
  );
  await client.close().catch(() => undefined);
  if (opts.onDisk) clearDataDir(opts.dataDir);
  return null;
}

/**
 * Opens the database and applies the checked-in migrations, unless it is at the newest already (one query,
 * `migrationsCurrent`; issue 21: a current database starts without migrating).
 * `databaseUrl` selects a PostgreSQL server; otherwise PGlite stores its files in `dataDir`
 * (`memory://` keeps everything in memory, as the tests do); a new PGlite database starts from the build's
 * migrated template when there is one for these migrations (`fromTemplate`), else it is migrated from scratch.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  onIdleError?: (error: Error) => void;
  /** Told every statement Drizzle runs (the tests count the statements of a request with it). */
  logger?: Logger;
  /** A worker process of a cluster: the primary migrated before starting it. */
  skipMigrations?: boolean;
  /** PostgreSQL connections of this process's pool. */
  poolSize?: number;
  /**
   * PGlite: where a fresh database's migrated template is looked for (pgliteTemplate.ts; the build's
   * dist-server/ by default); false: a fresh database is always migrated from scratch.
   */
  template?: string | false;
  /** Told how a fresh PGlite database was made, and why not from the template (`warn`: a damaged one). */
  log?: (level: "info" | "warn", message: string) => void;
}): Promise<Database> {
  if (opts.databaseUrl) {
    // Issue 21: node-postgres and its Drizzle driver are loaded only for a PostgreSQL server (a chunk of their
    // own in the compiled server), not at every start on PGlite.
    const { openPostgres } = await import("./postgres.ts");
    return openPostgres({ ...opts, databaseUrl: opts.databaseUrl, migrationsFolder, migrationsCurrent });
  }
  // One data directory, one writer: a second process is refused before it opens anything (dataDirLock.ts).
  const onDisk = !opts.dataDir.includes("://");
  // Owner-only (dataDirMode.ts): the directory before anything is written in it, the existing tree as found.
  if (onDisk) secureDataDir(opts.dataDir);
  const lock = onDisk ? lockDataDir(opts.dataDir) : null;
  try {
    lazyWasmTierUp();
    const fresh = opts.dataDir.startsWith("memory://") || (onDisk && holdsNothing(opts.dataDir));
    const template = fresh && opts.template !== false ? (opts.template ?? TEMPLATE_DIR) : null;
    const loaded =
      template === null ? null : await fromTemplate({ ...opts, onDisk, template, log: opts.log ?? warnOnly });
    const client =
      loaded ?? new PGlite(opts.dataDir, { extensions: PGLITE_EXTENSIONS, startParams: PGLITE_START_PARAMS });
    await client.waitReady;
    const db = drizzlePglite({ client, schema, logger: opts.logger });
    // A database loaded from the template is current: one query, as for any database opened.
    if (!(await migrationsCurrent(db))) await migratePglite(db, { migrationsFolder });
    // What PGlite wrote when it created or opened the database (its files are written 0666).
    if (onDisk) secureDataDir(opts.dataDir);
    const close = async () => {
      try {
        await client.close();
        if (onDisk) secureDataDir(opts.dataDir);
      } finally {
        lock?.release();
      }
    };
    return { db, kind: "pglite", close };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
