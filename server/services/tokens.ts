import type { components } from "../../openapi/portal.d.ts";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { accessTokens, members, refreshTokens, tokenFamilies } from "../db/schema.ts";
import { tokenError } from "../errors.ts";

/** The access/refresh pair, as the contract describes it. */
export type TokenPair = components["schemas"]["TokenPair"];
export interface TokenLifetimes {
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
}
/**
 * The signed-in member of one request. The price factor and currency are read in the same
 * statement as the token, so a priced answer needs no second look-up (they are never kept
 * beyond the request).
 */
export interface SessionMember {
  memberId: number;
  familyId: number;
  username: string;
  parentId: number | null;
  priceFactorPct: number;
  moneyType: string;
}

const newToken = () => randomBytes(32).toString("base64url");
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000);

async function issuePair(tx: Db, familyId: number, ttl: TokenLifetimes): Promise<TokenPair> {
  const token = newToken();
  const refreshToken = newToken();
  await tx
    .insert(accessTokens)
    .values({ tokenHash: hashToken(token), familyId, expiresAt: inSeconds(ttl.accessTokenTtlSeconds) });
  await tx
    .insert(refreshTokens)
    .values({ tokenHash: hashToken(refreshToken), familyId, expiresAt: inSeconds(ttl.refreshTokenTtlSeconds) });
  return { token, refreshToken, expiresIn: ttl.accessTokenTtlSeconds };
}

/** Starts a token family for a sign-in. */
export async function startSession(db: Db, memberId: number, ttl: TokenLifetimes): Promise<TokenPair> {
  return db.transaction(async (tx) => {
    const [family] = await tx.insert(tokenFamilies).values({ memberId }).returning({ id: tokenFamilies.id });
    return issuePair(tx as unknown as Db, family!.id, ttl);
  });
}

/**
 * Rotates a refresh token. Unknown → RTI; its family revoked → RTI; already used → the whole family
 * is revoked (theft is assumed) → RTI; expired → RTE.
 */
export async function rotateRefreshToken(db: Db, refreshToken: string, ttl: TokenLifetimes): Promise<TokenPair> {
  type Outcome = { error: "RTE" | "RTI" } | { pair: TokenPair };
  const outcome: Outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx
      .select({
        familyId: refreshTokens.familyId,
        usedAt: refreshTokens.usedAt,
        expiresAt: refreshTokens.expiresAt,
        revokedAt: tokenFamilies.revokedAt,
      })
      .from(refreshTokens)
      .innerJoin(tokenFamilies, eq(tokenFamilies.id, refreshTokens.familyId))
      .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
      .for("update");
    if (!row || row.revokedAt) return { error: "RTI" };
    if (row.usedAt) {
      await tx
        .update(tokenFamilies)
        .set({ revokedAt: new Date(), revokedReason: "refresh token reused" })
        .where(eq(tokenFamilies.id, row.familyId));
      return { error: "RTI" as const };
    }
    if (row.expiresAt.getTime() <= Date.now()) return { error: "RTE" as const };
    // Only an unused token may be spent: the condition makes two concurrent rotations impossible.
    const spent = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.tokenHash, hashToken(refreshToken)), isNull(refreshTokens.usedAt)))
      .returning({ familyId: refreshTokens.familyId });
    if (spent.length === 0) return { error: "RTI" as const };
    return { pair: await issuePair(tx as unknown as Db, row.familyId, ttl) };
  });
  if ("error" in outcome) throw tokenError(outcome.error);
  return outcome.pair;
}

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

/**
 * Resolves an access token to its member: unknown, tampered or revoked → ATI; expired → ATE.
 * The database is asked every time (nothing is cached), so a revocation takes effect at once.
 */
export async function verifyAccessToken(db: Db, token: string): Promise<SessionMember> {
  let lookup = tokenLookups.get(db);
  if (!lookup) tokenLookups.set(db, (lookup = prepareTokenLookup(db)));
  const [row] = await lookup.execute({ tokenHash: hashToken(token) });
  if (!row || row.revokedAt) throw tokenError("ATI");
  if (row.expiresAt.getTime() <= Date.now()) throw tokenError("ATE");
  return {
    memberId: row.memberId,
    familyId: row.familyId,
    username: row.username,
    parentId: row.parentId,
    priceFactorPct: row.priceFactorPct,
    moneyType: row.moneyType,
  };
}

export async function revokeFamily(db: Db, familyId: number, reason: string): Promise<void> {
  await db
    .update(tokenFamilies)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(tokenFamilies.id, familyId), isNull(tokenFamilies.revokedAt)));
}

/**
 * Test hook (TEST_HOOKS=1 only): makes one access token expired now, as if its lifetime had passed, so a
 * test can meet ATE and the refresh without waiting. False when the token is unknown.
 */
export async function expireAccessToken(db: Db, token: string): Promise<boolean> {
  const expired = await db
    .update(accessTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(accessTokens.tokenHash, hashToken(token)))
    .returning({ familyId: accessTokens.familyId });
  return expired.length > 0;
}
