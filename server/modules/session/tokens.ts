import type { components } from "../../../openapi/portal.d.ts";
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../../db/client.ts";
import { withTransaction, type Transaction } from "../../db/transaction.ts";
import { tokenError } from "../../errors.ts";
import { sessionRepository } from "./repository.ts";

/** The access/refresh pair, as the contract describes it. */
/** A pair as issued: the refresh token is always there (the answer may leave it out, see routes.ts). */
export type TokenPair = components["schemas"]["TokenPair"] & { refreshToken: string };
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
  /** QO-164: the account holds ORDER_EDIT (read with the token; what a list tells the page as `isEdit`). */
  mayEditOrders: boolean;
}

const newToken = () => randomBytes(32).toString("base64url");
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000);

async function issuePair(db: Db, tx: Transaction, familyId: number, ttl: TokenLifetimes): Promise<TokenPair> {
  const token = newToken();
  const refreshToken = newToken();
  await sessionRepository(db).insertTokens(
    familyId,
    { tokenHash: hashToken(token), expiresAt: inSeconds(ttl.accessTokenTtlSeconds) },
    { tokenHash: hashToken(refreshToken), expiresAt: inSeconds(ttl.refreshTokenTtlSeconds) },
    tx,
  );
  return { token, refreshToken, expiresIn: ttl.accessTokenTtlSeconds };
}

/** Starts a token family for a sign-in; `remember`: its refresh cookie is persistent (issue 20 §4). */
export async function startSession(
  db: Db,
  memberId: number,
  ttl: TokenLifetimes,
  remember = false,
): Promise<TokenPair> {
  return withTransaction(db, async (tx) => {
    const familyId = await sessionRepository(db).insertFamily(memberId, remember, tx);
    return issuePair(db, tx, familyId, ttl);
  });
}

/** A rotation's new pair, with the member it belongs to and whether its session was remembered. */
export interface Rotation {
  pair: TokenPair;
  username: string;
  isMain: boolean;
  remember: boolean;
}

/**
 * Rotates a refresh token. Unknown → RTI; its family revoked → RTI; already used → the whole family
 * is revoked (theft is assumed) → RTI; expired → RTE.
 */
export async function rotateRefreshToken(db: Db, refreshToken: string, ttl: TokenLifetimes): Promise<Rotation> {
  type Outcome = { error: "RTE" | "RTI" } | Rotation;
  const repository = sessionRepository(db);
  const outcome: Outcome = await withTransaction(db, async (tx): Promise<Outcome> => {
    const row = await repository.refreshTokenForUpdate(hashToken(refreshToken), tx);
    if (!row || row.revokedAt) return { error: "RTI" };
    if (row.usedAt) {
      await repository.revokeFamily(row.familyId, "refresh token reused", tx);
      return { error: "RTI" as const };
    }
    if (row.expiresAt.getTime() <= Date.now()) return { error: "RTE" as const };
    // Only an unused token may be spent: the condition makes two concurrent rotations impossible.
    if (!(await repository.spendRefreshToken(hashToken(refreshToken), tx))) return { error: "RTI" as const };
    return {
      pair: await issuePair(db, tx, row.familyId, ttl),
      username: row.username,
      isMain: row.parentId === null,
      remember: row.remember,
    };
  });
  if ("error" in outcome) throw tokenError(outcome.error);
  return outcome;
}

/**
 * Resolves an access token to its member: unknown, tampered or revoked → ATI; expired → ATE.
 * The database is asked every time (nothing is cached), so a revocation takes effect at once.
 */
export async function verifyAccessToken(db: Db, token: string): Promise<SessionMember> {
  const row = await sessionRepository(db).accessToken(hashToken(token));
  if (!row || row.revokedAt) throw tokenError("ATI");
  if (row.expiresAt.getTime() <= Date.now()) throw tokenError("ATE");
  return {
    memberId: row.memberId,
    familyId: row.familyId,
    username: row.username,
    parentId: row.parentId,
    priceFactorPct: row.priceFactorPct,
    moneyType: row.moneyType,
    mayEditOrders: row.mayEditOrders === true,
  };
}

export async function revokeFamily(db: Db, familyId: number, reason: string): Promise<void> {
  await sessionRepository(db).revokeFamily(familyId, reason);
}

/**
 * Test hook (TEST_HOOKS=1 only): makes one access token expired now, as if its lifetime had passed, so a
 * test can meet ATE and the refresh without waiting. False when the token is unknown.
 */
export async function expireAccessToken(db: Db, token: string): Promise<boolean> {
  return sessionRepository(db).setAccessTokenExpiry(hashToken(token), new Date(Date.now() - 1000));
}

/** Test hook: makes one refresh token expired now (RTE on its next use). False when the token is unknown. */
export async function expireRefreshToken(db: Db, refreshToken: string): Promise<boolean> {
  return sessionRepository(db).setRefreshTokenExpiry(hashToken(refreshToken), new Date(Date.now() - 1000));
}
