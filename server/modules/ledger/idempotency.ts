import { createHash } from "node:crypto";
import type { Db } from "../../db/client.ts";
import { withTransaction, type Transaction } from "../../db/transaction.ts";
import { AppError } from "../../errors.ts";
import { ledgerRepository, type IdempotencyRow } from "./repository.ts";

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

function answer<T>(row: IdempotencyRow, request: IdempotentRequest): Idempotent<T> {
  if (row.fingerprint !== request.fingerprint || row.response === null) return { kind: "conflict" };
  return { kind: "replay", response: row.response as T };
}

/** A request seen before (committed), looked up without a transaction; null when the key is new. */
async function earlierAnswer<T>(db: Db, request: IdempotentRequest | null): Promise<Idempotent<T> | null> {
  if (!request) return null;
  const row = await ledgerRepository(db).idempotencyKey(request.memberId, request.key);
  return row ? answer<T>(row, request) : null;
}

/**
 * Runs `work` once per key, inside the caller's transaction `tx`: the key is claimed first (a
 * concurrent request with the same key waits for this transaction, then replays its answer), and
 * the response is stored before the transaction commits. Without a key, `work` simply runs.
 */
async function once<T>(tx: Db, request: IdempotentRequest | null, work: () => Promise<T>): Promise<Idempotent<T>> {
  if (!request) return { kind: "fresh", response: await work() };
  if (!(await ledgerRepository(tx).claimIdempotencyKey(request))) {
    const row = await ledgerRepository(tx).idempotencyKey(request.memberId, request.key);
    return row ? answer<T>(row, request) : { kind: "conflict" };
  }
  const response = await work();
  await ledgerRepository(tx).storeIdempotentResponse(request.memberId, request.key, response);
  return { kind: "fresh", response };
}

/** The answer of a keyed call: its own or the first one's; the same key with another request is refused (HTTP 422). */
function settled<T>(outcome: Idempotent<T>): T {
  if (outcome.kind === "conflict") throw new AppError(422, "idempotency.keyReused", {}, 422);
  return outcome.response;
}

/**
 * A money-moving call, once per key (every such call is written with it: submit, checkout, refund,
 * recharge). `check` runs first, outside any transaction (the draft's checks and prices, which may
 * refuse); `work` then runs in one transaction with the key claimed before it and the answer stored
 * before the commit. A request seen before answers as the first time, even if `check` would refuse it
 * by now; a refusal met while a first request with the same key was committing (the order it submitted
 * is no longer editable, say) gives way to that request's answer. Without a key both simply run.
 */
export async function keyedCall<C, T>(
  db: Db,
  request: IdempotentRequest | null,
  check: () => Promise<C>,
  work: (tx: Transaction, checked: C) => Promise<T>,
): Promise<T> {
  const earlier = await earlierAnswer<T>(db, request);
  if (earlier) return settled(earlier);
  let checked: C;
  try {
    checked = await check();
  } catch (refusal) {
    const committed = refusal instanceof AppError ? await earlierAnswer<T>(db, request) : null;
    if (committed) return settled(committed);
    throw refusal;
  }
  return settled(await withTransaction(db, (tx) => once(tx, request, () => work(tx, checked))));
}
