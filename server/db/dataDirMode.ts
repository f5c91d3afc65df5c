import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";

/** The data directory and every directory under it: its owner only. */
export const DATA_DIR_MODE = 0o700;
/** Every file of the data directory: its owner reads and writes it, nobody else. */
export const DATA_FILE_MODE = 0o600;

/**
 * Issue 20 §4d(d): the embedded database (PGlite) writes its files with mode 0666 whatever the umask (969 of
 * 1,240 files were world-writable under umask 022). The data directory is created owner-only, and its tree is
 * set owner-only (directories 0700, files 0600) when the server opens it, after the database first writes it,
 * and when it closes. Symbolic links are not followed; their own modes are left alone.
 */
export function secureDataDir(dataDir: string): void {
  const root = resolve(dataDir);
  mkdirSync(root, { recursive: true, mode: DATA_DIR_MODE });
  const walk = (dir: string) => {
    setMode(dir, DATA_DIR_MODE);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) setMode(path, DATA_FILE_MODE);
    }
  };
  walk(root);
}

function setMode(path: string, mode: number) {
  try {
    if ((lstatSync(path).mode & 0o7777) !== mode) chmodSync(path, mode);
  } catch (error) {
    // A file the database removed between the listing and now has no mode to fix.
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}
