import { createHash } from "node:crypto";
import type { Db } from "../../db/client.ts";
import * as repo from "./repository.ts";

/**
 * Idempotency keys of money-moving requests (the `Idempotency-Key` header), as Stripe has them:
 * keys are per member (another account's identical key is another key); the first request with a
 * key stores its response in the same transaction as everything it changed; the same key with the
 * same request (same operation and body: the fingerprint) answers that stored response again and
 * changes nothing; the same key with a different request is refused. A request refused before it
 * changed anything (a malformed or refused draft) stores nothing, so it may be retried with its key.
 */

export interface IdempotentRequest {
  memberId: number;
  key: string;
  operation: string;
  fingerprint: string;
}

/** What happened to a keyed request: done now, answered from the first time, or refused. */
export type Idempotent<T> = { kind: "fresh"; response: T } | { kind: "replay"; response: T } | { kind: "conflict" };

/** JSON with object keys sorted, so that the same request always has the same fingerprint. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** The request a key stands for, or null when the caller sent no key. */
export function idempotentRequest(
  memberId: number,
  key: string | undefined,
  operation: string,
  body: unknown,
): IdempotentRequest | null {
  if (key === undefined || key === "") return null;
  const fingerprint = createHash("sha256")
    .update(`${operation}\n${canonical(body)}`)
    .digest("hex");
  return { memberId, key, operation, fingerprint };
}

function answer<T>(row: repo.IdempotencyRow, request: IdempotentRequest): Idempotent<T> {
  if (row.fingerprint !== request.fingerprint || row.response === null) return { kind: "conflict" };
  return { kind: "replay", response: row.response as T };
}

/** A request seen before (committed), looked up without a transaction; null when the key is new. */
export async function earlierAnswer<T>(db: Db, request: IdempotentRequest | null): Promise<Idempotent<T> | null> {
  if (!request) return null;
  const row = await repo.findIdempotencyKey(db, request.memberId, request.key);
  return row ? answer<T>(row, request) : null;
}

/**
 * Runs `work` once per key, inside the caller's transaction `tx`: the key is claimed first (a
 * concurrent request with the same key waits for this transaction, then replays its answer), and
 * the response is stored before the transaction commits. Without a key, `work` simply runs.
 */
export async function once<T>(
  tx: Db,
  request: IdempotentRequest | null,
  work: () => Promise<T>,
): Promise<Idempotent<T>> {
  if (!request) return { kind: "fresh", response: await work() };
  if (!(await repo.claimIdempotencyKey(tx, request))) {
    const row = await repo.findIdempotencyKey(tx, request.memberId, request.key);
    return row ? answer<T>(row, request) : { kind: "conflict" };
  }
  const response = await work();
  await repo.storeIdempotentResponse(tx, request.memberId, request.key, response);
  return { kind: "fresh", response };
}
