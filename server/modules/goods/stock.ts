import type { Db } from "../../db/client.ts";
import type { Transaction } from "../../db/transaction.ts";
import { goodsRepository } from "./repository.ts";

/**
 * The stock a goods order (type 9) takes and gives back, in the transaction of the order's status change
 * (the order row already locked by its caller). Taking is one conditional update (never below zero);
 * `takenQuantity` on the order's line records what was taken, so giving back happens exactly once.
 */

/** Takes the order's quantity from its product's stock; `left` says how many there are when too few. */
export async function takeOrderStock(
  db: Db,
  tx: Transaction,
  orderId: number,
  quantity: number,
): Promise<{ ok: true } | { ok: false; left: number }> {
  const repository = goodsRepository(db);
  const line = await repository.orderLine(orderId, tx);
  if (!line || line.takenQuantity > 0) return { ok: true };
  if (!(await repository.take(line.goodId, line.color, line.spec, quantity, tx)))
    return { ok: false, left: (await repository.stockOf(line.goodId, line.color, line.spec, tx)) ?? 0 };
  await repository.setTaken(orderId, quantity, tx);
  return { ok: true };
}

/** Gives back what the order took (nothing when it took nothing or already gave it back). */
export async function returnOrderStock(db: Db, tx: Transaction, orderId: number): Promise<number> {
  const repository = goodsRepository(db);
  const line = await repository.orderLine(orderId, tx);
  if (!line || line.takenQuantity === 0) return 0;
  await repository.giveBack(line.goodId, line.color, line.spec, line.takenQuantity, tx);
  await repository.setTaken(orderId, 0, tx);
  return line.takenQuantity;
}
