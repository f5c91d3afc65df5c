import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import { LOCK_NAME } from "./dataDirLock.ts";

/**
 * Issue 21: a fresh start on PGlite (an empty data directory, or `memory://`) spent most of its CPU creating the
 * database and applying every migration (about 3.4 of 4.65 s). The server's build (scripts/build-server.mjs,
 * server/db/templateBuild.ts) migrates an empty database once and dumps its data directory here, a gzip
 * tarball named by the fingerprint of what it holds (`pgliteFingerprint` in client.ts: every migration, the
 * PGlite version); a fresh start loads it (`loadDataDir`) instead. The seed is not in it: it dates orders from
 * the day it runs.
 */

/** Where the build leaves the template: dist-server/, next to the compiled server. */
export const TEMPLATE_DIR = fileURLToPath(new URL("../../dist-server/", import.meta.url));

const TEMPLATE = /^pgdata-[0-9a-f]+\.tar\.gz$/;

/** The template's file name for a fingerprint. */
export const templateName = (fingerprint: string) => `pgdata-${fingerprint}.tar.gz`;

/** What a fresh start found: the database to load, or why it migrates from scratch (logged at `level`). */
export type TemplateFound = { tar: Blob; file: string } | { tar?: undefined; level: "info" | "warn"; reason: string };

/**
 * The template for these migrations in `dir`, unpacked. None (the server was never built, or its migrations
 * changed since: another fingerprint) or one that does not unpack (gzip's length and CRC-32 check every byte)
 * is a reason to migrate from scratch, not an error.
 */
export function findTemplate(dir: string, fingerprint: string): TemplateFound {
  const file = join(dir, templateName(fingerprint));
  if (!existsSync(file)) {
    const others = existsSync(dir) ? readdirSync(dir).filter((name) => TEMPLATE.test(name)) : [];
    return others.length > 0
      ? { level: "info", reason: `the migrated template in ${dir} (${others.join(", ")}) is for other migrations` }
      : { level: "info", reason: `no migrated template in ${dir}` };
  }
  let problem: string | null;
  try {
    const tar = gunzipSync(readFileSync(file));
    problem = tarProblem(tar);
    if (problem === null) return { tar: new Blob([tar], { type: "application/x-tar" }), file };
  } catch (error) {
    problem = (error as Error).message;
  }
  return { level: "warn", reason: `the migrated template ${file} is damaged (${problem})` };
}

const BLOCK = 512;
const octal = (header: Uint8Array, at: number, length: number) =>
  parseInt(
    Buffer.from(header.subarray(at, at + length))
      .toString("latin1")
      .replace(/\0.*$/s, "")
      .trim() || "0",
    8,
  );

/**
 * Why `tar` is not the tarball of a data directory, or null. Checked before PGlite reads it: PGlite takes what
 * is not a tarball for a gzip one and unpacks it again, whose failure it leaves unhandled (the process ends).
 * Every header's checksum, every entry within the file, and PG_VERSION among them.
 */
function tarProblem(tar: Uint8Array): string | null {
  let hasVersion = false;
  for (let at = 0; at + BLOCK <= tar.length;) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((byte) => byte === 0)) return hasVersion ? null : "no PG_VERSION in it";
    // The checksum: the header's bytes summed with its own field (8 bytes at 148) counted as spaces.
    const sum = header.reduce((total, byte, i) => total + (i >= 148 && i < 156 ? 32 : byte), 0);
    if (sum !== octal(header, 148, 8)) return `not a tarball: a header's checksum is wrong at byte ${at}`;
    const name = Buffer.from(header.subarray(0, 100)).toString("latin1").replace(/\0.*$/s, "");
    if (/(^|\/)PG_VERSION$/.test(name)) hasVersion = true;
    at += BLOCK + Math.ceil(octal(header, 124, 12) / BLOCK) * BLOCK;
    if (at > tar.length) return "cut short";
  }
  return "cut short";
}

/**
 * Writes the dump of a migrated, otherwise empty database as the template for `fingerprint`, beside its place
 * and renamed into it (a server starting meanwhile reads the whole file or none), and removes the templates of
 * other fingerprints. Returns its path.
 */
export async function writeTemplate(client: PGlite, dir: string, fingerprint: string): Promise<string> {
  // Everything written to the data files, so the dump needs no recovery from the write-ahead log.
  await client.exec("checkpoint");
  const dump = await client.dumpDataDir("gzip");
  const file = join(dir, templateName(fingerprint));
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
  renameSync(partial, file);
  for (const name of readdirSync(dir))
    if (TEMPLATE.test(name) && name !== templateName(fingerprint)) rmSync(join(dir, name), { force: true });
  return file;
}

/**
 * What a data directory holds besides a database: the lock of the process that opens it, and the temporary
 * file a second process writes while it tries to take the lock (dataDirLock.ts).
 */
const notTheDatabase = (name: string) => name === LOCK_NAME || name.startsWith(`${LOCK_NAME}.`);

/** A data directory with nothing in it yet (but the lock): a fresh start, where a template may be loaded. */
export const holdsNothing = (dataDir: string) => readdirSync(dataDir).every(notTheDatabase);

/** Removes what a template that failed to load left in a data directory that held nothing before. */
export function clearDataDir(dataDir: string) {
  for (const name of readdirSync(dataDir))
    if (!notTheDatabase(name)) rmSync(join(dataDir, name), { recursive: true, force: true });
}
