import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "../../server/db/dataDirLock.ts";
import { exited, PROCESS_TEST_TIMEOUT, spawnServer } from "./serverProcess.ts";

/**
 * Issue 9 §2: one data directory, one writer. PGlite only (a PostgreSQL server arbitrates its own clients), so
 * the PostgreSQL run of the server tests skips it.
 */
const root = mkdtempSync(join(tmpdir(), "mtm-lock-"));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  rmSync(root, { recursive: true, force: true });
});

/** A process that has exited, for a pid nobody holds any more. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""]);
  await exited(child);
  return child.pid!;
}

const startTicksOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
};

const lockRecord = (pid: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ pid, host: hostname(), startTicks: null, bootId: null, startedAt: "earlier", ...extra });

/** Every file of a directory with its size and content hash: what a refused process must leave unchanged. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[path] = `${statSync(path).size}:${createHash("sha1").update(readFileSync(path)).digest("hex")}`;
  }
  return files;
}

describe.skipIf(!!process.env.TEST_POSTGRES_URL)("one data directory, one writer", () => {
  it("a second lock on one directory is refused, naming the holder; released, it can be taken again", () => {
    const dir = join(root, "unit");
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`pid ${process.pid} `));
    lock.release();
    lockDataDir(dir).release();
  });

  it("a lock left by a process that is gone (kill -9) is stale at once, and so is one whose pid a newer process reuses", async () => {
    const dir = join(root, "stale");
    lockDataDir(dir).release();
    writeFileSync(join(dir, "server.lock"), lockRecord(await deadPid()));
    lockDataDir(dir).release();
    // The test runner's parent is alive, but it is not the process that wrote the lock (another start time).
    writeFileSync(join(dir, "server.lock"), lockRecord(process.ppid, { startTicks: "1" }));
    lockDataDir(dir).release();
  });

  it("a lock whose process runs is respected until that process is gone", async () => {
    const dir = join(root, "live");
    lockDataDir(dir).release();
    const sleeper = spawn(process.execPath, ["-e", "setTimeout(() => {}, 120_000)"]);
    children.push(sleeper);
    writeFileSync(join(dir, "server.lock"), lockRecord(sleeper.pid!, { startTicks: startTicksOf(sleeper.pid!) }));
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`pid ${sleeper.pid} `));
    sleeper.kill("SIGKILL");
    await exited(sleeper);
    lockDataDir(dir).release();
  });

  it(
    "two server processes on one DATA_DIR: the second exits non-zero naming the first and writes nothing; after kill -9 of the first a restart serves",
    async () => {
      const dataDir = join(root, "data");
      const first = await spawnServer({ DATA_DIR: dataDir });
      await first.ready;
      const before = snapshot(dataDir);

      const second = await spawnServer({ DATA_DIR: dataDir });
      const { code } = await exited(second.child);
      expect(code).not.toBe(0);
      expect(second.output()).toContain(`in use by another server process (pid ${first.child.pid} `);
      expect(second.output()).toContain("DATABASE_URL");
      expect(snapshot(dataDir)).toEqual(before);

      first.child.kill("SIGKILL");
      expect((await exited(first.child)).signal).toBe("SIGKILL");
      const restart = await spawnServer({ DATA_DIR: dataDir });
      await restart.ready;
      const res = await fetch(`${restart.url}/api/memberLogin?username=demo&password=demo1234`, {
        method: "POST",
      });
      expect(((await res.json()) as { code: number }).code).toBe(0);
      restart.child.kill("SIGTERM");
      expect((await exited(restart.child)).code).toBe(0);
      // A clean stop removes the lock.
      expect(readdirSync(dataDir)).not.toContain("server.lock");
    },
    PROCESS_TEST_TIMEOUT,
  );
});
