import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  accessTokens,
  loginFailures,
  memberAuthorities,
  members,
  refreshTokens,
  tokenFamilies,
} from "../../db/schema.ts";
import { executorOf, type Transaction } from "../../db/transaction.ts";

/** The token look-up of every protected request: token, family and member in one prepared statement. */
function prepareTokenLookup(db: Db) {
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
    })
    .from(accessTokens)
    .innerJoin(tokenFamilies, eq(tokenFamilies.id, accessTokens.familyId))
    .innerJoin(members, eq(members.id, tokenFamilies.memberId))
    .where(eq(accessTokens.tokenHash, sql.placeholder("tokenHash")))
    .prepare("verify_access_token");
}
const tokenLookups = new WeakMap<Db, ReturnType<typeof prepareTokenLookup>>();

/** The queries of sign-in, tokens, sign-in throttling and authorities. Each takes an optional transaction. */
export function sessionRepository(db: Db) {
  return {
    async memberByUsername(username: string, tx?: Transaction) {
      const [member] = await executorOf(db, tx).select().from(members).where(eq(members.username, username));
      return member;
    },

    /** The member's authorities of one type (MENU, ACTION) in display order. */
    authorities(memberId: number, authorityType: string, tx?: Transaction) {
      return executorOf(db, tx)
        .select({ code: memberAuthorities.code, name: memberAuthorities.name })
        .from(memberAuthorities)
        .where(and(eq(memberAuthorities.memberId, memberId), eq(memberAuthorities.authorityType, authorityType)))
        .orderBy(asc(memberAuthorities.pos));
    },

    async hasAuthority(memberId: number, authorityType: string, code: string, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .select({ code: memberAuthorities.code })
        .from(memberAuthorities)
        .where(
          and(
            eq(memberAuthorities.memberId, memberId),
            eq(memberAuthorities.authorityType, authorityType),
            eq(memberAuthorities.code, code),
          ),
        );
      return row !== undefined;
    },

    async insertFamily(memberId: number, tx?: Transaction) {
      const [family] = await executorOf(db, tx)
        .insert(tokenFamilies)
        .values({ memberId })
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

    /** A refresh token with its family's state, locked for the rotation. */
    async refreshTokenForUpdate(tokenHash: string, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .select({
          familyId: refreshTokens.familyId,
          usedAt: refreshTokens.usedAt,
          expiresAt: refreshTokens.expiresAt,
          revokedAt: tokenFamilies.revokedAt,
        })
        .from(refreshTokens)
        .innerJoin(tokenFamilies, eq(tokenFamilies.id, refreshTokens.familyId))
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .for("update");
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
      let lookup = tokenLookups.get(db);
      if (!lookup) tokenLookups.set(db, (lookup = prepareTokenLookup(db)));
      const [row] = await lookup.execute({ tokenHash });
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

    loginFailures(keys: string[], tx?: Transaction) {
      return executorOf(db, tx).select().from(loginFailures).where(inArray(loginFailures.key, keys));
    },

    /** Counts one failure of a key: a window older than `windowStart` starts again at 1. */
    async countLoginFailure(key: string, windowStart: Date, tx?: Transaction) {
      await executorOf(db, tx)
        .insert(loginFailures)
        .values({ key, failures: 1, windowStartedAt: new Date() })
        .onConflictDoUpdate({
          target: loginFailures.key,
          set: {
            failures: sql`case when ${loginFailures.windowStartedAt} < ${windowStart.toISOString()}::timestamptz then 1 else ${loginFailures.failures} + 1 end`,
            windowStartedAt: sql`case when ${loginFailures.windowStartedAt} < ${windowStart.toISOString()}::timestamptz then now() else ${loginFailures.windowStartedAt} end`,
          },
        });
    },

    /** Locks a key until `lockUntil` once it reached `max` failures (and starts its count again). */
    async lockIfReached(key: string, max: number, lockUntil: Date, tx?: Transaction) {
      await executorOf(db, tx)
        .update(loginFailures)
        .set({ lockedUntil: lockUntil, failures: 0, windowStartedAt: new Date() })
        .where(sql`${loginFailures.key} = ${key} and ${loginFailures.failures} >= ${max}`);
    },

    async clearLoginFailures(key: string, tx?: Transaction) {
      await executorOf(db, tx).delete(loginFailures).where(eq(loginFailures.key, key));
    },
  };
}
