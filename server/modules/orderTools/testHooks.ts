import type { Db } from "../../db/client.ts";

/**
 * PROD-042, for tests only (registered by server/plugins/testHooks.ts when TEST_HOOKS=1): a member's new
 * consumption queries may be held in progress (status 1), so a test sees the in-progress state without
 * racing the computation; released, the next read of the query settles it. Kept per database (one
 * server), in memory: nothing of it is stored.
 */
const held = new WeakMap<Db, Set<number>>();

export function holdConsumptionQueries(db: Db, memberId: number, hold: boolean): void {
  const members = held.get(db) ?? new Set<number>();
  if (hold) members.add(memberId);
  else members.delete(memberId);
  held.set(db, members);
}

/** True while the test hook holds this member's consumption queries in progress. */
export function queriesHeld(db: Db, memberId: number): boolean {
  return held.get(db)?.has(memberId) ?? false;
}
