import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  accessTokens,
  loginFailures,
  memberAuthorities,
  members,
  refreshTokens,
  tokenFamilies,
  trustedDevices,
} from "../../db/schema.ts";
import { preparedPerShape } from "../../db/prepared.ts";
import { executorOf, type Transaction } from "../../db/transaction.ts";
import { ACTION, ORDER_EDIT } from "../members/service.ts";

/**
 * The token look-up of every protected request: token, family and member in one prepared statement,
 * with whether the account may change orders (its ACTION authority ORDER_EDIT, QO-164), so a list that
 * tells the page `isEdit` asks nothing more (issue 21). Changing an order asks the members service again.
 */
const tokenLookup = preparedPerShape("verify_access_token", (db, _shape: Record<string, never>, name) => {
  const ma = memberAuthorities;
  return db
    .select({
      familyId: accessTokens.familyId,
      expiresAt: accessTokens.expiresAt,
      revokedAt: tokenFamilies.revokedAt,
      memberId: members.id,
      username: members.username,
      parentId: members.parentId,
      priceFactorPct: members.priceFactorPct,
      moneyType: members.moneyType,
      mayEditOrders: sql<boolean>`exists (select 1 from ${ma} where ${ma.memberId} = ${members.id} and ${ma.authorityType} = ${ACTION} and ${ma.code} = ${ORDER_EDIT})`,
    })
    .from(accessTokens)
    .innerJoin(tokenFamilies, eq(tokenFamilies.id, accessTokens.familyId))
    .innerJoin(members, eq(members.id, tokenFamilies.memberId))
    .where(eq(accessTokens.tokenHash, sql.placeholder("tokenHash")))
    .prepare(name);
});

/** The queries of tokens, trusted devices and sign-in throttling. Each takes an optional transaction. */
export function sessionRepository(db: Db) {
  return {
    /** Replaces a member's password hash only if it is still `previous` (a concurrent sign-in may have done it). */
    async replacePasswordHash(memberId: number, previous: string, next: string, tx?: Transaction) {
      await executorOf(db, tx)
        .update(members)
        .set({ passwordHash: next })
        .where(and(eq(members.id, memberId), eq(members.passwordHash, previous)));
    },

    async insertFamily(memberId: number, remember: boolean, tx?: Transaction) {
      const [family] = await executorOf(db, tx)
        .insert(tokenFamilies)
        .values({ memberId, remember })
        .returning({ id: tokenFamilies.id });
      return family!.id;
    },

    async insertTokens(
      familyId: number,
      access: { tokenHash: string; expiresAt: Date },
      refresh: { tokenHash: string; expiresAt: Date },
      tx?: Transaction,
    ) {
      const exec = executorOf(db, tx);
      await exec.insert(accessTokens).values({ ...access, familyId });
      await exec.insert(refreshTokens).values({ ...refresh, familyId });
    },

    /** A refresh token with its family's state and member, locked for the rotation. */
    async refreshTokenForUpdate(tokenHash: string, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .select({
          familyId: refreshTokens.familyId,
          usedAt: refreshTokens.usedAt,
          expiresAt: refreshTokens.expiresAt,
          revokedAt: tokenFamilies.revokedAt,
          remember: tokenFamilies.remember,
          username: members.username,
          parentId: members.parentId,
        })
        .from(refreshTokens)
        .innerJoin(tokenFamilies, eq(tokenFamilies.id, refreshTokens.familyId))
        .innerJoin(members, eq(members.id, tokenFamilies.memberId))
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .for("update", { of: [refreshTokens, tokenFamilies] });
      return row;
    },

    /** Spends an unused refresh token; false when it was already spent (the condition makes two rotations impossible). */
    async spendRefreshToken(tokenHash: string, tx?: Transaction) {
      const spent = await executorOf(db, tx)
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
        .returning({ familyId: refreshTokens.familyId });
      return spent.length > 0;
    },

    /** Revokes a family unless it already is. */
    async revokeFamily(familyId: number, reason: string, tx?: Transaction) {
      await executorOf(db, tx)
        .update(tokenFamilies)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(tokenFamilies.id, familyId), isNull(tokenFamilies.revokedAt)));
    },

    /** The access token's family and member (one prepared statement, asked every time: nothing is cached). */
    async accessToken(tokenHash: string) {
      const [row] = await tokenLookup(db, {}).execute({ tokenHash });
      return row;
    },

    /** Sets an access token's expiry; false when there is no such token. */
    async setAccessTokenExpiry(tokenHash: string, expiresAt: Date, tx?: Transaction) {
      const rows = await executorOf(db, tx)
        .update(accessTokens)
        .set({ expiresAt })
        .where(eq(accessTokens.tokenHash, tokenHash))
        .returning({ familyId: accessTokens.familyId });
      return rows.length > 0;
    },

    /** Sets a refresh token's expiry; false when there is no such token. */
    async setRefreshTokenExpiry(tokenHash: string, expiresAt: Date, tx?: Transaction) {
      const rows = await executorOf(db, tx)
        .update(refreshTokens)
        .set({ expiresAt })
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .returning({ familyId: refreshTokens.familyId });
      return rows.length > 0;
    },

    /**
     * Takes one guess of a key's budget, in one statement (insert or increment, then read), before the password
     * is checked: the number of the guess in its window, or undefined when the key is locked or its `max` guesses
     * are taken (however many requests arrive at once, at most `max` get a number). A window older than
     * `windowSeconds` or a lock that has passed starts the count again at 1.
     */
    async takeGuess(key: string, max: number, windowSeconds: number, tx?: Transaction) {
      const lf = loginFailures;
      const stale = sql`(${lf.windowStartedAt} < now() - ${windowSeconds}::int * interval '1 second' or ${lf.lockedUntil} <= now())`;
      const [row] = await executorOf(db, tx)
        .insert(lf)
        .values({ key, failures: 1, windowStartedAt: sql`now()` })
        .onConflictDoUpdate({
          target: lf.key,
          set: {
            failures: sql`case when ${stale} then 1 else ${lf.failures} + 1 end`,
            windowStartedAt: sql`case when ${stale} then now() else ${lf.windowStartedAt} end`,
            lockedUntil: null,
          },
          setWhere: sql`(${lf.lockedUntil} is null or ${lf.lockedUntil} <= now()) and (${stale} or ${lf.failures} < ${max})`,
        })
        .returning({ failures: lf.failures });
      return row?.failures;
    },

    /** Gives back a guess that was not a failure (a success from the address, a guess another key refused). */
    async giveBackGuess(key: string, max: number, tx?: Transaction) {
      const lf = loginFailures;
      await executorOf(db, tx)
        .update(lf)
        .set({
          failures: sql`greatest(${lf.failures} - 1, 0)`,
          lockedUntil: sql`case when ${lf.failures} - 1 < ${max} then null else ${lf.lockedUntil} end`,
        })
        .where(eq(lf.key, key));
    },

    /** After a failed guess: once the key's `max` guesses are taken, it is locked for `lockSeconds`. */
    async lockIfFull(key: string, max: number, lockSeconds: number, tx?: Transaction) {
      const lf = loginFailures;
      await executorOf(db, tx)
        .update(lf)
        .set({ lockedUntil: sql`now() + ${lockSeconds}::int * interval '1 second'` })
        .where(and(eq(lf.key, key), sql`${lf.failures} >= ${max}`, isNull(lf.lockedUntil)));
    },

    /** When a refused key may be tried again (its lock's end), if it is locked. */
    async lockedUntil(key: string, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .select({ lockedUntil: loginFailures.lockedUntil })
        .from(loginFailures)
        .where(eq(loginFailures.key, key));
      return row?.lockedUntil ?? null;
    },

    async clearLoginFailures(key: string, tx?: Transaction) {
      await executorOf(db, tx).delete(loginFailures).where(eq(loginFailures.key, key));
    },

    /** A trusted device's token of the member signing in (by name), unless it has expired. */
    async trustedDevice(tokenHash: string, username: string, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .select({ tokenHash: trustedDevices.tokenHash, memberId: trustedDevices.memberId })
        .from(trustedDevices)
        .innerJoin(members, eq(members.id, trustedDevices.memberId))
        .where(
          and(
            eq(trustedDevices.tokenHash, tokenHash),
            eq(members.username, username),
            gt(trustedDevices.expiresAt, sql`now()`),
          ),
        );
      return row;
    },

    /** Records (or extends) a trusted device of the member; the member's expired devices are removed. */
    async trustDevice(tokenHash: string, memberId: number, ttlSeconds: number, tx?: Transaction) {
      const exec = executorOf(db, tx);
      const expiresAt = sql`now() + ${ttlSeconds}::int * interval '1 second'`;
      await exec
        .delete(trustedDevices)
        .where(and(eq(trustedDevices.memberId, memberId), lte(trustedDevices.expiresAt, sql`now()`)));
      await exec
        .insert(trustedDevices)
        .values({ tokenHash, memberId, expiresAt })
        .onConflictDoUpdate({ target: trustedDevices.tokenHash, set: { expiresAt } });
    },
  };
}
