import { eq, sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { categoryPrices, customers, members, orderEvents, orders, recommendedProducts } from "./schema.ts";
import type { OrderEventActor } from "./schema/production.ts";
import { fabricCodeAt, fabricKindAt } from "../../domain/fabricLook.ts";
import { ORDER_STATUS, type OrderStatusId } from "../../domain/ids.ts";
import { CATEGORY_FABRIC_KINDS } from "./catalogue/fabrics.ts";
import { MEASURE, type GarmentId } from "./catalogue/ids.ts";
import { PARTS_BY_CATEGORY, partId } from "./catalogue/measurements.ts";
import { blankPiece, type OrderPieceDetail } from "./schema/orders.ts";
import { PLAN_DELIVERY_DAYS } from "../modules/orders/production.ts";
import { memberAccount, payForSale, reverse, topUp, transfer } from "../modules/ledger/service.ts";

/**
 * The seeded order history of the demo accounts (issue 11): orders in every status across the last four
 * months before the seed runs, so every list has real data from the first start. Some in production
 * have a planned delivery date five or more days past and no delivery date (PROD-040), some failed with
 * the factory's reason (a message key in `bl_error`), some cart items have an amount above 1 or an
 * add-product, several wait in pending review with "Insufficient Balance".
 *
 * The money is real: every order that was paid (submitted, in production, finished, shipped) is paid
 * through the ledger (`payForSale`, kind "order", reference the order code), and the failed and
 * cancelled ones are paid and refunded (`reverse`, kind "refund"). The account's opening top-up covers
 * what its history paid (the refunded orders are charged first, while it is whole), so each account ends at its documented opening balance (demo 50,000.00 USD,
 * acme 12,000.00 CNY, demo-sub1 0, demo-sub2 what demo allocated to it: SEEDED_ALLOCATIONS) and the ledger's invariants hold. The transfers carry the
 * seed's time (the ledger's rows are written when they happen; the orders carry their history's dates).
 */

/** The balance each account has after the seed (the README's demo sign-ins). */
export const OPENING_BALANCES: Readonly<Record<string, number>> = { demo: 5_000_000, acme: 1_200_000 };

/**
 * Issue 22: a sub-account the seed gives money through the ledger (its main account recharges it, then
 * takes part back), so the sub-account screen, the allocation details and its own billing have something
 * to show. Its main account's opening covers the difference, so the main account keeps its documented
 * balance. demo-sub1 is left without money: the browser tests rely on its submitted orders staying pending.
 */
export const SEEDED_ALLOCATIONS: ReadonlyArray<{
  main: string;
  child: string;
  rechargedCents: number;
  takenBackCents: number;
}> = [{ main: "demo", child: "demo-sub2", rechargedCents: 150_000, takenBackCents: 30_000 }];

/** What the seed leaves with a sub-account (its recharge less what was taken back), in cents. */
export const seededAllocationOf = (username: string) =>
  SEEDED_ALLOCATIONS.filter((a) => a.child === username).reduce((n, a) => n + a.rechargedCents - a.takenBackCents, 0);

const allocatedBy = (main: string) =>
  SEEDED_ALLOCATIONS.filter((a) => a.main === main).reduce((n, a) => n + a.rechargedCents - a.takenBackCents, 0);

/** The statuses whose seeded orders were paid and still are. */
const PAID: readonly number[] = [
  ORDER_STATUS.submitted,
  ORDER_STATUS.cutting,
  ORDER_STATUS.sewing,
  ORDER_STATUS.qualityCheck,
  ORDER_STATUS.finished,
  ORDER_STATUS.shipped,
];
/** The statuses whose seeded orders were paid and refunded. */
const REFUNDED: readonly number[] = [ORDER_STATUS.failed, ORDER_STATUS.cancelled];

/** The factory's reasons of the failed orders (server/i18n.ts keys, translated where they are shown). */
const FACTORY_REFUSALS = ["factory.fabricShortage", "factory.measurementsRefused"] as const;

/** One seeded order: its status, how many days before the seed it was entered, and what it is. */
interface HistoryOrder {
  status: OrderStatusId;
  daysAgo: number;
  category: number;
  type: 7 | 8;
  amount?: number;
  addProduct?: 0 | 1;
  /** For orders in production: days from the planned delivery date to the seed (> 0: in the past). */
  overdueDays?: number;
}

const S = ORDER_STATUS;

/** The history per account (the badges of demo: 2 failed, 3 pending). */
const HISTORY: Readonly<Record<string, readonly HistoryOrder[]>> = {
  demo: [
    { status: S.saved, daysAgo: 1, category: 3000, type: 7 },
    { status: S.saved, daysAgo: 2, category: 1000, type: 7, amount: 3 },
    { status: S.saved, daysAgo: 4, category: 3000, type: 8, addProduct: 1 },
    { status: S.saved, daysAgo: 6, category: 2000, type: 7, amount: 2 },
    { status: S.saved, daysAgo: 9, category: 11000, type: 8 },
    { status: S.saved, daysAgo: 12, category: 6000, type: 7 },
    { status: S.pending, daysAgo: 3, category: 3000, type: 7, amount: 2 },
    { status: S.pending, daysAgo: 8, category: 1000, type: 8 },
    { status: S.pending, daysAgo: 15, category: 4000, type: 7 },
    { status: S.submitted, daysAgo: 0, category: 3000, type: 7 },
    { status: S.submitted, daysAgo: 1, category: 1000, type: 7, amount: 4 },
    { status: S.submitted, daysAgo: 2, category: 6000, type: 8 },
    { status: S.cutting, daysAgo: 4, category: 3000, type: 8, overdueDays: -9 },
    { status: S.cutting, daysAgo: 21, category: 2000, type: 7, overdueDays: 6 },
    { status: S.cutting, daysAgo: 10, category: 1000, type: 7, amount: 2, overdueDays: -3 },
    { status: S.sewing, daysAgo: 12, category: 11000, type: 8, overdueDays: -1 },
    { status: S.sewing, daysAgo: 26, category: 3000, type: 7, addProduct: 1, overdueDays: 11 },
    { status: S.sewing, daysAgo: 18, category: 4000, type: 7, overdueDays: 3 },
    { status: S.qualityCheck, daysAgo: 20, category: 6000, type: 7, overdueDays: 5 },
    { status: S.qualityCheck, daysAgo: 14, category: 1000, type: 8, amount: 2, overdueDays: -1 },
    { status: S.finished, daysAgo: 30, category: 3000, type: 7 },
    { status: S.finished, daysAgo: 44, category: 1000, type: 7, amount: 5 },
    { status: S.finished, daysAgo: 58, category: 2000, type: 8 },
    { status: S.finished, daysAgo: 77, category: 11000, type: 7 },
    { status: S.finished, daysAgo: 96, category: 3000, type: 8, addProduct: 1 },
    { status: S.shipped, daysAgo: 36, category: 6000, type: 8 },
    { status: S.shipped, daysAgo: 52, category: 3000, type: 7, amount: 2 },
    { status: S.shipped, daysAgo: 69, category: 1000, type: 8 },
    { status: S.shipped, daysAgo: 88, category: 4000, type: 7 },
    { status: S.shipped, daysAgo: 110, category: 3000, type: 7 },
    { status: S.failed, daysAgo: 11, category: 3000, type: 7 },
    { status: S.failed, daysAgo: 40, category: 11000, type: 8 },
    { status: S.cancelled, daysAgo: 25, category: 1000, type: 7 },
    { status: S.cancelled, daysAgo: 63, category: 3000, type: 8 },
  ],
  "demo-sub1": [
    { status: S.saved, daysAgo: 2, category: 1000, type: 7, amount: 2 },
    { status: S.saved, daysAgo: 5, category: 3000, type: 7 },
    { status: S.pending, daysAgo: 6, category: 3000, type: 7 },
    { status: S.pending, daysAgo: 13, category: 2000, type: 8 },
    { status: S.submitted, daysAgo: 1, category: 2000, type: 7 },
    { status: S.cutting, daysAgo: 23, category: 3000, type: 7, overdueDays: 8 },
    { status: S.sewing, daysAgo: 9, category: 1000, type: 8, overdueDays: -4 },
    { status: S.finished, daysAgo: 47, category: 3000, type: 7 },
    { status: S.finished, daysAgo: 85, category: 1000, type: 7, amount: 3 },
    { status: S.shipped, daysAgo: 102, category: 6000, type: 8 },
    { status: S.failed, daysAgo: 33, category: 1000, type: 7 },
  ],
  "demo-sub2": [
    { status: S.saved, daysAgo: 3, category: 2000, type: 7 },
    { status: S.finished, daysAgo: 55, category: 1000, type: 7 },
    { status: S.shipped, daysAgo: 91, category: 3000, type: 8 },
  ],
  acme: [
    { status: S.saved, daysAgo: 2, category: 3000, type: 7 },
    { status: S.saved, daysAgo: 7, category: 1000, type: 8, amount: 2 },
    { status: S.submitted, daysAgo: 1, category: 6000, type: 7 },
    { status: S.sewing, daysAgo: 27, category: 3000, type: 8, overdueDays: 12 },
    { status: S.finished, daysAgo: 61, category: 2000, type: 7 },
    { status: S.shipped, daysAgo: 99, category: 11000, type: 8 },
    { status: S.failed, daysAgo: 19, category: 3000, type: 7 },
  ],
};

/** CART-018, CART-023, CART-051: the recommended products (types 7 simple and 8 professional). */
export const RECOMMENDED_PRODUCTS = [
  { orderType: 7, categoryId: 3000, name: "Two-piece business suit", zhName: "两件套商务西服", sort: 1 },
  { orderType: 7, categoryId: 1000, name: "Classic dress shirt", zhName: "经典正装衬衫", sort: 2 },
  { orderType: 7, categoryId: 11000, name: "Wool overcoat", zhName: "羊毛大衣", sort: 3 },
  { orderType: 8, categoryId: 3000, name: "Bespoke suit", zhName: "高级定制西服", sort: 4 },
  { orderType: 8, categoryId: 6000, name: "Women's tailored suit", zhName: "女士定制套装", sort: 5 },
  { orderType: 8, categoryId: 2000, name: "Tailored trousers", zhName: "定制西裤", sort: 6 },
] as const;

/** The recommended products, once (a database seeded before they existed gets them). */
export async function insertRecommendedProducts(tx: Db): Promise<void> {
  const [existing] = await tx.select({ id: recommendedProducts.id }).from(recommendedProducts).limit(1);
  if (!existing) await tx.insert(recommendedProducts).values([...RECOMMENDED_PRODUCTS]);
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const dateOf = (at: Date) => at.toISOString().slice(0, 10);

/** The i-th catalogue fabric of a kind the category is made of (deterministic). */
function fabricFor(category: number, k: number): string {
  const kinds = CATEGORY_FABRIC_KINDS[category] ?? ["suiting"];
  for (let i = (k * 37) % 500; ; i++) if (kinds.includes(fabricKindAt(i))) return fabricCodeAt(i);
}

/**
 * The one piece of a seeded order: its garment category measured on the body (10052, cm, regular fit),
 * every part of the category at a plausible value around its default (the k-th order a size up or down,
 * on the 0.5 grid) with the regular fit's finished size, so the order's details, its formula (PROD-054) and its consumption query (PROD-043)
 * have measurements to show and compute with. Crafts, embroidery and contrasts are left empty and the
 * piece is not priced again (the order's price is the history's).
 */
function seededPiece(category: number, k: number): OrderPieceDetail {
  const deviation = (k % 5) - 2;
  const half = (n: number) => Math.round(n * 2) / 2;
  const parts = PARTS_BY_CATEGORY[category as GarmentId] ?? [];
  const sizes = parts.map((p) => ({ p, value: Math.min(p.max, Math.max(p.min, half(p.def + deviation * p.step))) }));
  return blankPiece(category, {
    sizes: sizes.map(({ p, value }) => ({
      partId: partId(category, MEASURE.body, p.code),
      partValue: value,
      modifyValue: 0,
    })),
    // the regular fit's ease on each body measurement (FIT_IDS: slim, regular, loose)
    finished: sizes.map(({ p, value }) => ({
      refPartId: partId(category, MEASURE.body, p.code),
      partId: partId(category, MEASURE.finished, p.code),
      partValue: value + p.ease[1],
    })),
  });
}

/** The statuses a seeded order passed through to reach its own, first to last (issue 12's timeline). */
const PATHS: Readonly<Record<number, readonly number[]>> = (() => {
  const paid = [S.saved, S.submitted];
  const made = [...paid, S.cutting, S.sewing, S.qualityCheck, S.finished];
  return {
    [S.saved]: [S.saved],
    [S.pending]: [S.saved, S.pending],
    [S.submitted]: paid,
    [S.cutting]: made.slice(0, 3),
    [S.sewing]: made.slice(0, 4),
    [S.qualityCheck]: made.slice(0, 5),
    [S.finished]: made,
    [S.shipped]: [...made, S.shipped],
    [S.failed]: [...paid, S.failed],
    [S.cancelled]: [...paid, S.cancelled],
  };
})();

/**
 * A plausible timeline of a seeded order: saved by its member when it was entered, submitted by the
 * member (or moved to pending by the system, balance short), each production step by the production
 * spread evenly up to its last change, shipped or refused by the system (with the factory's reason),
 * cancelled by the member.
 */
function seededTimeline(
  orderId: number,
  memberId: number,
  row: { statusId: number; createdAt: Date; submittedAt: Date | null; statusChangedAt: Date; blError: string },
) {
  const path = PATHS[row.statusId] ?? [row.statusId];
  const start = row.createdAt.getTime();
  const second = row.submittedAt?.getTime() ?? start + HOUR_MS;
  const last = Math.max(row.statusChangedAt.getTime(), second + (path.length - 2) * HOUR_MS);
  let previous = start - 60_000;
  return path.map((to, i) => {
    const planned = i === 0 ? start : i === 1 ? second : second + ((last - second) * (i - 1)) / (path.length - 2);
    const at = Math.max(Math.round(planned), previous + 60_000);
    previous = at;
    const actor: OrderEventActor =
      to === S.saved || to === S.submitted || to === S.cancelled
        ? "member"
        : to === S.pending || to === S.failed || to === S.shipped
          ? "system"
          : "production";
    return {
      orderId,
      fromStatus: i === 0 ? null : path[i - 1]!,
      toStatus: to,
      actor,
      actorMemberId: actor === "member" ? memberId : null,
      note: to === S.pending || to === S.failed ? row.blError : "",
      at: new Date(at),
    };
  });
}

/**
 * Seeds the history of the accounts in `ids` (username → member id) at `now`, with the ledger's
 * openings and payments; returns how many orders it wrote. Runs in the caller's transaction.
 */
export async function seedOrderHistory(tx: Db, ids: ReadonlyMap<string, number>, now: Date): Promise<number> {
  const prices = await tx.select().from(categoryPrices);
  const makeCents = (category: number, type: number) => {
    const row = prices.find((p) => p.categoryId === category && p.orderType === type);
    if (!row) throw new Error(`no price of category ${category} for order type ${type}`);
    // The make price and the fabric it takes at 30.00 a metre.
    return row.makePriceCents + Math.round((row.fabricCentimeters * 3000) / 100);
  };
  let written = 0;
  for (const [username, history] of Object.entries(HISTORY)) {
    const memberId = ids.get(username);
    if (memberId === undefined) continue;
    const [member] = await tx
      .select({ factor: members.priceFactorPct, moneyType: members.moneyType })
      .from(members)
      .where(eq(members.id, memberId));
    const book = await tx
      .select({ id: customers.id, name: customers.custName })
      .from(customers)
      .where(eq(customers.memberId, memberId))
      .orderBy(customers.id);
    const rows = history.map((h, k) => {
      const amount = h.amount ?? 1;
      const addProduct = h.addProduct ?? 0;
      // the add-product flag marks the order; it is not priced (updateOrderAddproduct never reprices)
      const base = makeCents(h.category, h.type);
      const unitPriceCents = Math.round((base * member!.factor) / 100);
      const createdAt = new Date(now.getTime() - h.daysAgo * DAY_MS - (k % 7) * HOUR_MS - 2 * HOUR_MS);
      const submittedAt = h.status === S.saved ? null : new Date(createdAt.getTime() + HOUR_MS);
      const inProduction = ([S.cutting, S.sewing, S.qualityCheck] as number[]).includes(h.status);
      const made = ([S.finished, S.shipped] as number[]).includes(h.status);
      const planDeliveryDate = inProduction
        ? dateOf(new Date(now.getTime() - (h.overdueDays ?? 0) * DAY_MS))
        : made
          ? dateOf(new Date(createdAt.getTime() + (PLAN_DELIVERY_DAYS + 1) * DAY_MS))
          : null;
      const deliveryDate = made
        ? dateOf(new Date(createdAt.getTime() + (PLAN_DELIVERY_DAYS - 1 + (k % 4)) * DAY_MS))
        : null;
      // The last change. Orders the production simulator moves (submitted, in production) changed at the
      // seed's time, so that a first start shows every status and they move on one step per interval from
      // then; the others at their history's moment.
      const producing = h.status === S.submitted || inProduction;
      const statusChangedAt = producing
        ? now
        : submittedAt === null
          ? createdAt
          : made
            ? new Date(`${deliveryDate}T10:00:00Z`)
            : submittedAt;
      const customer = book.length > 0 ? book[k % book.length]! : null;
      return {
        memberId,
        orderType: h.type,
        categoryId: h.category,
        statusId: h.status,
        createdAt,
        updatedAt: statusChangedAt,
        statusChangedAt,
        submittedAt: h.status === S.pending ? null : submittedAt,
        customerId: customer?.id ?? null,
        custName: customer?.name ?? "",
        cusOrderCode: k % 3 === 0 ? `C-${username.toUpperCase()}-${String(100 + k)}` : "",
        fabricCode: fabricFor(h.category, k + memberId),
        amount,
        addProduct,
        moneyType: member!.moneyType,
        unitPriceCents,
        priceCents: unitPriceCents * amount,
        blError:
          h.status === S.pending
            ? "cart.moreBalance"
            : h.status === S.failed
              ? FACTORY_REFUSALS[k % FACTORY_REFUSALS.length]!
              : "",
        planDeliveryDate,
        deliveryDate,
        waybillNo: h.status === S.shipped ? `SF${String(1_000_000_000 + memberId * 1000 + k)}` : "",
        remark: k % 5 === 0 ? "Seeded history" : "",
        details: [seededPiece(h.category, k)],
      };
    });
    const paidCents = rows.filter((r) => PAID.includes(r.statusId)).reduce((sum, r) => sum + r.priceCents, 0);
    // The opening covers what the history paid, leaving the documented balance.
    const opening = (OPENING_BALANCES[username] ?? 0) + paidCents + allocatedBy(username);
    if (opening > 0) {
      const result = await topUp(tx, memberId, opening, { kind: "opening", reference: "opening balance" });
      if (!result.ok) throw new Error(`opening balance of ${username}: ${result.reason}`);
    }
    // Oldest first, so the order codes follow the history.
    const codes = new Map<(typeof rows)[number], string>();
    for (const row of [...rows].sort((a, b) => +a.createdAt - +b.createdAt)) {
      const { rows: next } = (await tx.execute(sql`select nextval('order_code_seq')::text as n`)) as unknown as {
        rows: Array<{ n: string }>;
      };
      const orderCode = `MTM${dateOf(row.createdAt).replaceAll("-", "")}${next[0]!.n.padStart(5, "0")}`;
      codes.set(row, orderCode);
      const [inserted] = await tx
        .insert(orders)
        .values({ ...row, orderCode })
        .returning({ id: orders.id });
      await tx.insert(orderEvents).values(seededTimeline(inserted!.id, memberId, row));
      written++;
    }
    // The refunded orders first (each paid and returned while the opening is whole), then the paid ones.
    const charged = [
      ...rows.filter((r) => REFUNDED.includes(r.statusId)),
      ...rows.filter((r) => PAID.includes(r.statusId)),
    ];
    for (const row of charged) {
      const reference = codes.get(row)!;
      const paid = await payForSale(tx, memberId, row.priceCents, { kind: "order", reference });
      if (!paid.ok) throw new Error(`seeded order ${reference}: ${paid.reason}`);
      if (REFUNDED.includes(row.statusId)) {
        const refund = await reverse(tx, paid.transferId, { kind: "refund", reference });
        if (!refund.ok) throw new Error(`refund of seeded order ${reference}: ${refund.reason}`);
      }
    }
  }
  await seedAllocations(tx, ids);
  return written;
}

/** The seeded allocations (SEEDED_ALLOCATIONS): a recharge main -> child, then a take-back of part of it. */
async function seedAllocations(tx: Db, ids: ReadonlyMap<string, number>) {
  for (const allocation of SEEDED_ALLOCATIONS) {
    const mainId = ids.get(allocation.main);
    const childId = ids.get(allocation.child);
    if (mainId === undefined || childId === undefined) continue;
    const main = (await memberAccount(tx, mainId))!;
    const child = (await memberAccount(tx, childId))!;
    const moves = [
      { from: main, to: child, amountCents: allocation.rechargedCents, kind: "sub_recharge" as const },
      { from: child, to: main, amountCents: allocation.takenBackCents, kind: "sub_take_back" as const },
    ];
    for (const move of moves) {
      const moved = await transfer(tx, {
        debitAccountId: move.from.id,
        creditAccountId: move.to.id,
        amountCents: move.amountCents,
        currency: main.currency,
        kind: move.kind,
        reference: `sub:${childId}`,
      });
      if (!moved.ok) throw new Error(`seeded allocation to ${allocation.child}: ${moved.reason}`);
    }
  }
}
