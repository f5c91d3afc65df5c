import type { components } from "../../../openapi/portal.d.ts";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../errors.ts";
import { isMessageKey, translate, type Locale } from "../../i18n.ts";
import { isOrderId } from "../../../domain/ids.ts";
import { orderEventKind } from "../../../domain/orderNotes.ts";
import { readableMemberIds } from "../members/service.ts";
import { ordersRepository, type OrderRow } from "./repository.ts";

/**
 * Reading one order (issue 12): who may read it, and its timeline, the one mapping every answer that
 * carries a timeline uses (the timeline call, the order details and their PDF).
 */
/**
 * An order the caller may read (details, PDF, timeline, formula): its own, or a sub-account's for its
 * main account; any other (or an id that cannot be an order) is "not found". Changing an order stays
 * with its owner (`ownOrder` in the repository).
 */
export async function readableOrder(db: Db, memberId: number, orderId: number): Promise<OrderRow> {
  const row = isOrderId(orderId)
    ? await ordersRepository(db).readableOrder(await readableMemberIds(db, memberId), orderId)
    : undefined;
  if (!row) throw notFound("order.notFound", { id: orderId });
  return row;
}

/** One step of an order's timeline as every answer carries it (the timeline call, the details, the PDF). */
export type OrderEvent = components["schemas"]["OrderEvent"];

/** Who moved an order when no member did, in the caller's language. */
const ACTOR_NAMES: Record<"production" | "system", Record<Locale, string>> = {
  production: { en: "Production", zh: "生产" },
  system: { en: "System", zh: "系统" },
};

/**
 * Issue 12: an order's timeline, oldest first, named in the caller's language: the statuses, who moved
 * it (the member's username, else the production or the system) and the note (a message key translated).
 * The one read and mapping of the timeline; the caller has checked that the order may be read.
 */
export async function orderTimelineOf(db: Db, orderId: number, locale: Locale): Promise<OrderEvent[]> {
  return timelineOf(await ordersRepository(db).events(orderId), locale);
}

/** One event as the timeline's read gives it (`at` a Date, or milliseconds since the epoch as JSON carries it). */
type EventRow = Omit<Awaited<ReturnType<ReturnType<typeof ordersRepository>["events"]>>[number], "at"> &
  ({ at: Date } | { atMs: number });

/** An order's timeline from its events as they were read (the timeline call, or with the order's details). */
export function timelineOf(rows: readonly EventRow[], locale: Locale): OrderEvent[] {
  const zh = locale === "zh";
  return rows.map((e) => ({
    id: e.id,
    fromStatus: e.fromStatus,
    fromStatusName: (zh ? e.fromZh : e.fromEn) ?? "",
    toStatus: e.toStatus,
    toStatusName: (zh ? e.toZh : e.toEn) ?? String(e.toStatus),
    actor: e.actor,
    actorName: e.actor === "member" ? (e.username ?? "") : ACTOR_NAMES[e.actor][locale],
    note: isMessageKey(e.note) ? translate(locale, e.note) : e.note,
    kind: orderEventKind(e),
    at: ("at" in e ? e.at : new Date(Number(e.atMs))).toISOString(),
  }));
}
