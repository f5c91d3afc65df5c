import { asc, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Db } from "../../server/db/client.ts";
import { ledgerAccounts, ledgerTransfers, orders } from "../../server/db/schema.ts";
import { ORDER_STATUS } from "../../domain/ids.ts";
import { bearer, envelopeOf } from "./fixture.ts";

/** The submission queue's call (CART-046) and what the server tests of it share. */

export interface PushOutcome {
  code: 0 | 1;
  sign: "success" | "fail";
  msg: string;
  status: number;
}

/** GET /api/pc/order/pushOrder?orderIds=<id>, as the client sends it ("12,"), with an optional key. */
export function pushRequest(
  app: FastifyInstance,
  token: string | null,
  orderIds: string,
  opts: { key?: string; language?: string } = {},
) {
  return app.inject({
    method: "GET",
    url: "/api/pc/order/pushOrder",
    query: { orderIds },
    headers: {
      ...(token === null ? {} : bearer(token)),
      ...(opts.key === undefined ? {} : { "idempotency-key": opts.key }),
      ...(opts.language ? { "accept-language": opts.language } : {}),
    },
  });
}

/** Submits one order and answers its outcome; fails the test unless the call answered HTTP 200, code 0. */
export async function push(
  app: FastifyInstance,
  token: string,
  orderId: number,
  opts: { key?: string; language?: string } = {},
): Promise<PushOutcome> {
  const res = await pushRequest(app, token, `${orderId},`, opts);
  expect(res.statusCode, res.body).toBe(200);
  const body = envelopeOf<Record<string, PushOutcome>>(res);
  expect(body.code, res.body).toBe(0);
  expect(Object.keys(body.data)).toEqual([String(orderId)]);
  return body.data[String(orderId)]!;
}

/** Puts `count` orders of `priceCents` each in the member's cart (saved, 10368); answers their ids in order. */
export async function cartOrders(db: Db, memberId: number, count: number, priceCents: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const { rows } = (await db.execute(sql`select nextval('order_code_seq')::text as n`)) as unknown as {
      rows: Array<{ n: string }>;
    };
    const [row] = await db
      .insert(orders)
      .values({
        memberId,
        orderCode: `MTM20991231${rows[0]!.n.padStart(5, "0")}`,
        orderType: 7,
        categoryId: 1000,
        statusId: ORDER_STATUS.saved,
        unitPriceCents: priceCents,
        priceCents,
        checked: 1,
      })
      .returning({ id: orders.id });
    ids.push(row!.id);
  }
  return ids;
}

/** The orders' rows by id, in id order. */
export const orderRows = (db: Db, ids: readonly number[]) =>
  db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...ids]))
    .orderBy(asc(orders.id));

/** The order payments (kind "order") whose reference is one of the codes. */
export const chargesOf = (db: Db, codes: readonly string[]) =>
  codes.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(ledgerTransfers)
        .where(inArray(ledgerTransfers.reference, [...codes]))
        .then((rows) => rows.filter((t) => t.kind === "order"));

/** Every order's status and price and every account's balance: what a refused call must leave as it was. */
export async function moneyAndOrders(db: Db) {
  return {
    orders: await db
      .select({ id: orders.id, statusId: orders.statusId, blError: orders.blError, updatedAt: orders.updatedAt })
      .from(orders)
      .orderBy(asc(orders.id)),
    balances: await db
      .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balanceCents })
      .from(ledgerAccounts)
      .orderBy(asc(ledgerAccounts.id)),
    transfers: Number(
      (
        (await db.execute(sql`select count(*)::text as n from ledger_transfers`)) as unknown as {
          rows: [{ n: string }];
        }
      ).rows[0].n,
    ),
  };
}

/** The order's status id. */
export async function statusOf(db: Db, orderId: number): Promise<number> {
  const [row] = await db.select({ statusId: orders.statusId }).from(orders).where(eq(orders.id, orderId));
  return row!.statusId;
}
