import type { Db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { sessionRepository } from "./repository.ts";

export interface ThrottleLimits {
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerAddress: number;
  loginFailureWindowSeconds: number;
  loginLockSeconds: number;
}

const keysOf = (username: string, address: string) => ({ user: `user:${username.toLowerCase()}`, ip: `ip:${address}` });

/** Refuses (HTTP 429) while the account or the address is locked after repeated failures. */
export async function assertNotLocked(db: Db, username: string, address: string): Promise<void> {
  const { user, ip } = keysOf(username, address);
  const rows = await sessionRepository(db).loginFailures([user, ip]);
  const lockedUntil = Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0));
  if (lockedUntil > Date.now()) {
    throw new AppError(429, "login.locked", { minutes: Math.ceil((lockedUntil - Date.now()) / 60_000) }, 429);
  }
}

/** Counts one failure for the account and the address; reaching a limit locks the key. */
export async function recordFailure(db: Db, username: string, address: string, limits: ThrottleLimits): Promise<void> {
  const { user, ip } = keysOf(username, address);
  const repository = sessionRepository(db);
  for (const [key, max] of [
    [user, limits.loginMaxFailuresPerAccount],
    [ip, limits.loginMaxFailuresPerAddress],
  ] as const) {
    const windowStart = new Date(Date.now() - limits.loginFailureWindowSeconds * 1000);
    const lockUntil = new Date(Date.now() + limits.loginLockSeconds * 1000);
    await repository.countLoginFailure(key, windowStart);
    await repository.lockIfReached(key, max, lockUntil);
  }
}

/** A successful sign-in clears the account's counter (the address keeps its count). */
export async function clearFailures(db: Db, username: string): Promise<void> {
  await sessionRepository(db).clearLoginFailures(keysOf(username, "").user);
}
