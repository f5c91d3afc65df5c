import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { eq, sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { Db } from "./client.ts";
import { serverState } from "./schema.ts";

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

let known: { hash: string; createdAt: number; count: number } | undefined;

/** The newest checked-in migration: its hash (SHA-256 of its SQL, as drizzle stores it) and its journal time. */
function newestMigration() {
  if (!known) {
    const files = readMigrationFiles({ migrationsFolder });
    const newest = files[files.length - 1]!;
    known = { hash: newest.hash, createdAt: newest.folderMillis, count: files.length };
  }
  return known;
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

export async function readServerState(db: Db, key: string): Promise<string | undefined> {
  const rows = await db.select({ value: serverState.value }).from(serverState).where(eq(serverState.key, key));
  return rows[0]?.value;
}

export async function writeServerState(db: Db, key: string, value: string): Promise<void> {
  await db
    .insert(serverState)
    .values({ key, value })
    .onConflictDoUpdate({ target: serverState.key, set: { value, updatedAt: new Date() } });
}

/** A short fingerprint of several values (the build, the migrations, the seed's options). */
export const fingerprint = (...parts: Array<string | number | boolean>) =>
  createHash("sha256").update(parts.join("\u0000")).digest("hex").slice(0, 32);
