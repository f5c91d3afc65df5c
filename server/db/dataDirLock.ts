import {
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { hostname } from "node:os";
import { join, resolve } from "node:path";

/**
 * One data directory, one writer. PGlite is PostgreSQL compiled into this process: it has no server to arbitrate
 * between processes, and two processes on one directory overwrite each other's pages (issue 9 §2). So the server
 * holds `<dataDir>/server.lock` while it runs:
 *
 * - taken atomically: the owner record is written to a private file, then hard-linked to the lock's name
 *   (`link` fails when the name exists, and the lock never appears half-written);
 * - on this host, a lock whose process is gone (`kill -9`, a crash, a power cut) is stale at once: the
 *   process is looked up by pid (`process.kill(pid, 0)`) and its start time in /proc, so a reused pid is not
 *   mistaken for the owner;
 * - a lock written on another host (a shared volume) cannot be checked that way: its owner touches it every
 *   10 s, and it is stale once untouched for 60 s;
 * - a stale lock is renamed away (atomic) and checked to be the one judged stale before it is removed, so two
 *   processes starting together over a stale lock cannot both take it.
 */
export interface LockOwner {
  pid: number;
  host: string;
  /** The process's start time in clock ticks since boot (Linux /proc), and the boot it belongs to. */
  startTicks: string | null;
  bootId: string | null;
  startedAt: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The data directory ${dataDir} is in use by another server process (pid ${owner.pid} on host ${owner.host}, ` +
        `started ${owner.startedAt}). The embedded database (PGlite) serves one process: stop that one first, ` +
        `or run several instances on one PostgreSQL server with DATABASE_URL.`,
    );
    this.name = "DataDirLockedError";
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

export const LOCK_NAME = "server.lock";
/** Locks this process holds: a second open of one directory in one process is refused too. */
const heldHere = new Set<string>();
const TOUCH_MS = 10_000;
const FOREIGN_STALE_MS = 60_000;

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat (after the parenthesised command name): when the process started. */
function startTicksOf(pid: number): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`);
  if (stat === null) return null;
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
}

const bootId = () => readOrNull("/proc/sys/kernel/random/boot_id")?.trim() ?? null;

function ownRecord(): LockOwner {
  return {
    pid: process.pid,
    host: hostname(),
    startTicks: startTicksOf(process.pid),
    bootId: bootId(),
    startedAt: new Date().toISOString(),
  };
}

function parseOwner(text: string): LockOwner | null {
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (typeof value.pid !== "number" || !Number.isInteger(value.pid) || typeof value.host !== "string") return null;
    return {
      pid: value.pid,
      host: value.host,
      startTicks: value.startTicks ?? null,
      bootId: value.bootId ?? null,
      startedAt: String(value.startedAt ?? "?"),
    };
  } catch {
    return null;
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether the lock's owner still runs. */
function ownerIsAlive(owner: LockOwner, lockPath: string): boolean {
  if (owner.host !== hostname()) {
    // Another host (or a container with its own process table): only its heartbeat tells.
    try {
      return Date.now() - statSync(lockPath).mtimeMs < FOREIGN_STALE_MS;
    } catch {
      return false;
    }
  }
  const boot = bootId();
  if (owner.bootId && boot && owner.bootId !== boot) return false; // written before this host's last restart
  // Our own pid: held by this very process, or left by an earlier process with the same pid (pid 1 in a container).
  if (owner.pid === process.pid) return heldHere.has(lockPath);
  if (!processIsAlive(owner.pid)) return false;
  const ticks = startTicksOf(owner.pid);
  // The pid runs, but a process started at another time is a newcomer that reused it.
  return owner.startTicks === null || ticks === null || ticks === owner.startTicks;
}

/**
 * Takes the data directory's lock or throws DataDirLockedError naming the process that holds it. Nothing is
 * written in the directory when it is refused.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const lockPath = join(dir, LOCK_NAME);
  const record = JSON.stringify(ownRecord());
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = readOrNull(lockPath);
    if (existing === null) {
      const mine = `${lockPath}.${process.pid}.tmp`;
      writeFileSync(mine, record);
      try {
        linkSync(mine, lockPath);
        heldHere.add(lockPath);
        return held(lockPath, record);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        continue; // another process took it first: look at its owner
      } finally {
        unlinkSync(mine);
      }
    }
    const owner = parseOwner(existing);
    if (owner && ownerIsAlive(owner, lockPath)) throw new DataDirLockedError(dir, owner);
    // Stale (or unreadable, which a lock written by link never is): move it aside, then make sure it was the
    // lock judged stale and not a fresh one another process took meanwhile.
    const aside = `${lockPath}.${process.pid}.stale`;
    try {
      renameSync(lockPath, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    if (readOrNull(aside) !== existing) {
      try {
        linkSync(aside, lockPath); // put the live lock back
      } catch {
        // someone took the name meanwhile: theirs stands
      }
    }
    unlinkSync(aside);
  }
  const owner = parseOwner(readOrNull(lockPath) ?? "");
  if (owner) throw new DataDirLockedError(dir, owner);
  throw new Error(`Could not take the lock ${lockPath}`);
}

function held(lockPath: string, record: string): DataDirLock {
  // The heartbeat another host relies on; it never keeps the process alive.
  const touch = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(lockPath, now, now);
    } catch {
      // removed under us: nothing to keep fresh
    }
  }, TOUCH_MS);
  touch.unref();
  let released = false;
  return {
    path: lockPath,
    release() {
      if (released) return;
      released = true;
      clearInterval(touch);
      heldHere.delete(lockPath);
      // Only our own lock is removed.
      if (readOrNull(lockPath) === record) unlinkSync(lockPath);
    },
  };
}
