import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client.ts";

/**
 * Issue 20 §4d(d): the embedded database's files were created world-writable (0666 under umask 022). The data
 * directory is owner-only: 0700 directories, 0600 files, for a new directory and for an existing tree.
 * PGlite only (PostgreSQL keeps its own files), so the PostgreSQL run of the server tests skips it.
 */
const root = mkdtempSync(join(tmpdir(), "mtm-mode-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every entry of the tree whose mode is not owner-only: "<mode> <path>". */
function notOwnerOnly(dir: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const mode = statSync(path).mode & 0o777;
    const isDir = statSync(path).isDirectory();
    if (mode !== (isDir ? 0o700 : 0o600)) found.push(`${mode.toString(8)} ${path}`);
    if (isDir) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return found;
}

const onPostgres = Boolean(process.env.TEST_POSTGRES_URL);

describe.skipIf(onPostgres)("issue 20 §4d(d) the data directory is owner-only", () => {
  it("a new data directory and every file the database writes in it: 0700 directories, 0600 files (umask 022)", async () => {
    const previous = process.umask(0o022);
    try {
      const dataDir = join(root, "new", "data");
      const database = await openDatabase({ dataDir });
      try {
        expect(readdirSync(dataDir).length).toBeGreaterThan(5);
        expect(notOwnerOnly(dataDir)).toEqual([]);
        // The database writes while it runs; on close the tree is owner-only again.
        await database.db.execute("create table mode_probe (a int)");
      } finally {
        await database.close();
      }
      expect(notOwnerOnly(dataDir)).toEqual([]);
    } finally {
      process.umask(previous);
    }
  });

  it("an existing tree with world-writable files and open directories is fixed when the server opens it", async () => {
    // The tree of the test above, as an earlier version left it.
    const dataDir = join(root, "new", "data");
    const walk = (path: string) => {
      if (statSync(path).isDirectory()) {
        chmodSync(path, 0o755);
        for (const name of readdirSync(path)) walk(join(path, name));
      } else chmodSync(path, 0o666);
    };
    mkdirSync(join(dataDir, "extra"), { mode: 0o777 });
    writeFileSync(join(dataDir, "extra", "note"), "x", { mode: 0o666 });
    walk(dataDir);
    expect(notOwnerOnly(dataDir).length).toBeGreaterThan(100);
    const database = await openDatabase({ dataDir });
    try {
      expect(notOwnerOnly(dataDir)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
