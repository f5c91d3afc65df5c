import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../server/db/client.ts";
import { orders, recommendedProducts } from "../../server/db/schema.ts";
import { bearer, envelopeOf, type Envelope } from "./fixture.ts";

/**
 * The cart tests' set-up: orders written straight into the seeded database in the statuses a test
 * needs (the lists only read them), and requests to the issue-11 calls.
 */

let sequence = 0;

export interface OrderSpec {
  status: number;
  cusOrderCode?: string;
  custName?: string;
  amount?: number;
  unitPriceCents?: number;
  addProduct?: number;
  categoryId?: number;
  orderType?: number;
  sizeCategoryId?: number;
  createdAt?: Date;
  planDeliveryDate?: string | null;
  deliveryDate?: string | null;
  remark?: string;
  blError?: string;
  checked?: number;
}

/** Writes an order of the member; returns its id and code. Codes are unique per test run (T11…). */
export async function insertOrder(db: Db, memberId: number, spec: OrderSpec): Promise<{ id: number; code: string }> {
  sequence += 1;
  const code = `T11${String(process.pid).slice(-4)}${String(sequence).padStart(5, "0")}`;
  const amount = spec.amount ?? 1;
  const unit = spec.unitPriceCents ?? 10_000;
  const [row] = await db
    .insert(orders)
    .values({
      memberId,
      orderCode: code,
      orderType: spec.orderType ?? 7,
      categoryId: spec.categoryId ?? 3000,
      statusId: spec.status,
      cusOrderCode: spec.cusOrderCode ?? "",
      custName: spec.custName ?? "",
      amount,
      addProduct: spec.addProduct ?? 0,
      sizeCategoryId: spec.sizeCategoryId ?? 10052,
      unitPriceCents: unit,
      priceCents: unit * amount,
      createdAt: spec.createdAt ?? new Date(),
      planDeliveryDate: spec.planDeliveryDate ?? null,
      deliveryDate: spec.deliveryDate ?? null,
      remark: spec.remark ?? "",
      blError: spec.blError ?? "",
      checked: spec.checked ?? 0,
    })
    .returning({ id: orders.id });
  return { id: row!.id, code };
}

/** The stored rows of some orders (what a refused request must leave unchanged). */
export async function storedOrders(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: orders.id,
      statusId: orders.statusId,
      amount: orders.amount,
      priceCents: orders.priceCents,
      addProduct: orders.addProduct,
      checked: orders.checked,
      updatedAt: orders.updatedAt,
    })
    .from(orders)
    .where(inArray(orders.id, [...ids]))
    .orderBy(orders.id);
}

export async function orderExists(db: Db, id: number) {
  return (await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id))).length === 1;
}

/** Two recommended products of the test's own (the seed may add more). */
export async function insertRecommended(db: Db) {
  return db
    .insert(recommendedProducts)
    .values([
      { orderType: 8, categoryId: 3000, name: "Test suit", zhName: "测试西服", sort: 900 },
      { orderType: 7, categoryId: 4000, name: null, zhName: null, sort: 901 },
    ])
    .returning({ id: recommendedProducts.id });
}

/** A call of the API as `token` (none: no Authorization header). */
export function call(
  app: FastifyInstance,
  token: string | null,
  method: "GET" | "POST",
  url: string,
  opts: { query?: Record<string, string>; payload?: unknown; language?: string } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(token ? bearer(token) : {}) };
  if (opts.language) headers["accept-language"] = opts.language;
  const request: InjectOptions = { method, url, query: opts.query, headers };
  if (opts.payload !== undefined) request.payload = opts.payload as InjectOptions["payload"];
  return app.inject(request);
}

export const bodyOf = <T>(res: LightMyRequestResponse): Envelope<T> => envelopeOf<T>(res);
