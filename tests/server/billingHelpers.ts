import { expect } from "vitest";
import type { Db } from "../../server/db/client.ts";
import {
  memberAccount,
  memberBalanceCents,
  payForSale,
  transfer,
  type TransferKind,
} from "../../server/modules/ledger/service.ts";

/** The kinds that move money between a main account and a sub-account (types 3..6). */
type SubKind = Extract<TransferKind, "sub_recharge" | "sub_take_back_all" | "sub_take_back" | "sub_no_limit">;

/**
 * A movement between a main account and one of its sub-accounts written straight into the ledger (the
 * distribution calls are another area's): `sub_recharge` and `sub_no_limit` main → child, the take-backs
 * child → main, in one transaction. With `order`, the no-limit leg is followed by the child's payment of
 * that order (child → sales), as a no-limit payment is.
 */
export async function allocate(
  db: Db,
  main: number,
  child: number,
  kind: SubKind,
  amountCents: number,
  order?: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const from = await memberAccount(tx, kind === "sub_recharge" || kind === "sub_no_limit" ? main : child);
    const to = await memberAccount(tx, kind === "sub_recharge" || kind === "sub_no_limit" ? child : main);
    const result = await transfer(tx, {
      debitAccountId: from!.id,
      creditAccountId: to!.id,
      amountCents,
      currency: from!.currency,
      kind,
      reference: order ?? null,
    });
    if (!result.ok) throw new Error(`allocation refused: ${result.reason}`);
    if (order) {
      const paid = await payForSale(tx, child, amountCents, { kind: "order", reference: order });
      expect(paid.ok).toBe(true);
    }
    return result.transferId;
  });
}

/**
 * Takes back what the seed allocated to a child (demo-sub2 holds a seeded recharge), so a test that needs a
 * child without money of its own starts it at 0.
 */
export async function emptyChild(db: Db, main: number, child: number): Promise<void> {
  const held = await memberBalanceCents(db, child);
  if (held > 0) await allocate(db, main, child, "sub_take_back_all", held);
}
