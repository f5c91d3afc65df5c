import type { components } from "../../../openapi/portal.d.ts";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../errors.ts";
import { isMessageKey, translate, type Locale, type MessageKey } from "../../i18n.ts";
import { ORDER_STATUS } from "../../../domain/ids.ts";
import { formatMoney } from "../../../domain/money.ts";
import { MESSAGE_PAGE_SIZE, URGENCY } from "../../../domain/messages.ts";
import { messagesRepository, type MessageRow, type NewMessage } from "./repository.ts";

/**
 * The message centre (issue 25, MSG-001..017; README.md beside this file). A message belongs to one account;
 * another account's id is "not found". Messages are written by the server in the transaction of their cause
 * (`writeMessage`, `orderEventMessages`, `transferMessages`), once per event (`event_key` is unique), and read
 * in the reader's language.
 */

export type Message = components["schemas"]["Message"];

/** What a message is about; the page links an order to its details and `billing` to the billing ledger. */
export type MessageLink =
  { type: "order"; orderId: number } | { type: "shipment"; shipmentId: number } | { type: "billing" } | { type: "" };

export interface MessageInput {
  memberId: number;
  /** order.paid, order.failed, order.cancelled, order.production, order.shipped, shipment, balance, announcement. */
  kind: MessageKind;
  params: Record<string, string | number>;
  /** A key unique to the event this message tells of, e.g. `shipment:12:order:34`. */
  eventKey: string;
  urgencyType?: 0 | 1;
  link?: MessageLink;
}

export const MESSAGE_KINDS = [
  "order.paid",
  "order.failed",
  "order.cancelled",
  "order.production",
  "order.shipped",
  "shipment",
  "balance",
  "announcement",
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

const rowOf = (m: MessageInput): NewMessage => ({
  memberId: m.memberId,
  kind: m.kind,
  params: m.params,
  urgencyType: m.urgencyType ?? URGENCY.normal,
  linkType: m.link?.type ?? "",
  linkRef:
    m.link?.type === "order" ? String(m.link.orderId) : m.link?.type === "shipment" ? String(m.link.shipmentId) : "",
  eventKey: m.eventKey,
});

/**
 * Writes messages in the caller's transaction (pass it as `tx`). A message whose `eventKey` was written before
 * is skipped, so a retried event writes once. Answers how many were new. For example the shipments' hook:
 * `writeMessage(tx, { memberId, kind: "order.shipped", params: { code, detail: waybill }, eventKey:
 * \`shipment:${shipmentId}:order:${orderId}\`, link: { type: "order", orderId } })`.
 */
export async function writeMessage(tx: Db, ...inputs: MessageInput[]): Promise<number> {
  return messagesRepository(tx).insert(inputs.map(rowOf));
}

/** The message an order's status change tells of, if any (the status it moved to, or the system's refusal). */
function orderEventKindOf(event: { fromStatus: number | null; toStatus: number; actor: string; note?: string }) {
  if (event.fromStatus === event.toStatus) return null;
  if (event.toStatus === ORDER_STATUS.failed) return "order.failed";
  if (event.actor === "system" && event.note) return "order.failed";
  switch (event.toStatus) {
    case ORDER_STATUS.submitted:
      return "order.paid";
    case ORDER_STATUS.cancelled:
      return "order.cancelled";
    case ORDER_STATUS.shipped:
      return "order.shipped";
    case ORDER_STATUS.cutting:
    case ORDER_STATUS.sewing:
    case ORDER_STATUS.qualityCheck:
    case ORDER_STATUS.finished:
      return "order.production";
    default:
      return null;
  }
}

/**
 * The hook of the order timeline (`ordersRepository.addEvents`): every status change an order's timeline records
 * that an account wants to hear of (failed, paid, cancelled, a production step, shipped) writes a message to the
 * order's owner, in the same transaction, keyed by the event's id; one statement for the batch.
 */
export async function orderEventMessages(
  tx: Db,
  events: ReadonlyArray<{
    id: number;
    orderId: number;
    fromStatus: number | null;
    toStatus: number;
    actor: string;
    note?: string;
  }>,
): Promise<void> {
  const rows = events.flatMap((event) => {
    const kind = orderEventKindOf(event);
    if (!kind) return [];
    const urgency = kind === "order.failed" ? URGENCY.urgent : URGENCY.normal;
    return [{ eventId: event.id, orderId: event.orderId, kind, urgencyType: urgency, note: event.note ?? "" }];
  });
  await messagesRepository(tx).insertOrderEventMessages(rows);
}

/** One side of a transfer as the ledger locked it. */
interface TransferSide {
  memberId: number | null;
  balanceAfterCents: number;
}

/**
 * The hook of the ledger (`transfer` in ledger/service.ts): each member account a new transfer moves (either side;
 * the house's accounts have no reader) gets a message with the signed amount and the balance after, linked to
 * billing, keyed `transfer:<id>:<member>`. A replayed transfer writes nothing (it never reaches here).
 */
export async function transferMessages(
  tx: Db,
  transfer: {
    transferId: number;
    kind: string;
    amountCents: number;
    currency: string;
    reference: string | null;
    debit: TransferSide;
    credit: TransferSide;
  },
): Promise<void> {
  const sides = [
    { side: transfer.debit, sign: -1 },
    { side: transfer.credit, sign: 1 },
  ].filter((s): s is { side: TransferSide & { memberId: number }; sign: number } => s.side.memberId !== null);
  await writeMessage(
    tx,
    ...sides.map(({ side, sign }) => ({
      memberId: side.memberId,
      kind: "balance" as const,
      params: {
        amountCents: sign * transfer.amountCents,
        balanceCents: side.balanceAfterCents,
        currency: transfer.currency,
        transferKind: transfer.kind,
        reference: transfer.reference ?? "",
      },
      eventKey: `transfer:${transfer.transferId}:${side.memberId}`,
      link: { type: "billing" as const },
    })),
  );
}

// Reading ------------------------------------------------------------------------------------------

const text = (value: string | number | undefined) => (value === undefined ? "" : String(value));

/** The sender, title and content of a stored message, in the reader's language (plain text). */
export function renderMessage(
  row: Pick<MessageRow, "kind" | "params">,
  locale: Locale,
): { sender: string; title: string; content: string } {
  const p = row.params;
  const t = (key: MessageKey, params: Record<string, string | number> = {}) => translate(locale, key, params);
  const code = text(p.code);
  const system = t("message.sender.system");
  switch (row.kind as MessageKind) {
    case "order.paid":
      return {
        sender: system,
        title: t("message.orderPaid.title", { code }),
        content: t("message.orderPaid.content", { code }),
      };
    case "order.failed": {
      const note = text(p.note);
      const reason = isMessageKey(note) ? t(note) : note;
      return {
        sender: system,
        title: t("message.orderFailed.title", { code }),
        content: t("message.orderFailed.content", { code, reason }),
      };
    }
    case "order.cancelled":
      return {
        sender: system,
        title: t("message.orderCancelled.title", { code }),
        content: t("message.orderCancelled.content", { code }),
      };
    case "order.production": {
      const status = text(locale === "zh" ? p.statusZh : p.statusEn) || text(p.status);
      return {
        sender: t("message.sender.production"),
        title: t("message.orderProduction.title", { code, status }),
        content: t("message.orderProduction.content", { code, status }),
      };
    }
    case "order.shipped":
      return {
        sender: system,
        title: t("message.orderShipped.title", { code }),
        content: t("message.orderShipped.content", { code, detail: text(p.detail) }).trim(),
      };
    case "shipment": {
      // issue 23: created, packed, shipped (with its waybill) or delivered
      const event = text(p.event);
      const title = `message.shipment.${event}.title`;
      const content = `message.shipment.${event}.content`;
      if (!isMessageKey(title) || !isMessageKey(content)) return { sender: system, title: code, content: "" };
      const values = { code, count: text(p.count), waybill: text(p.waybill) };
      return { sender: system, title: t(title, values), content: t(content, values) };
    }
    case "balance": {
      const currency = text(p.currency);
      const amount = formatMoney(Number(p.amountCents), currency, locale, { signed: true });
      const balance = formatMoney(Number(p.balanceCents), currency, locale);
      const kindKey = `message.balance.${text(p.transferKind)}`;
      const what = isMessageKey(kindKey) ? t(kindKey) : text(p.transferKind);
      const reference = text(p.reference) ? ` (${text(p.reference)})` : "";
      return {
        sender: system,
        title: t("message.balance.title", { what, amount }),
        content: t("message.balance.content", { what, amount, reference, balance }),
      };
    }
    case "announcement":
      return {
        sender: t("message.sender.service"),
        title: text(locale === "zh" ? p.titleZh : p.titleEn),
        content: text(locale === "zh" ? p.contentZh : p.contentEn),
      };
    default:
      return { sender: system, title: row.kind, content: "" };
  }
}

const minuteOf = (at: Date) => at.toISOString().slice(0, 16).replace("T", " ");

/** MSG-011: one page of the caller's messages (MSG-016: 10 a page), newest first; `pages` and `total` counted. */
export async function messagePage(
  db: Db,
  memberId: number,
  locale: Locale,
  query: { pageNum?: number; pageSize?: number; urgencyType?: string },
): Promise<{ data: Message[]; total: number; pages: number }> {
  const pageSize = query.pageSize ?? MESSAGE_PAGE_SIZE;
  const pageNum = query.pageNum ?? 1;
  const urgency = query.urgencyType === "0" || query.urgencyType === "1" ? Number(query.urgencyType) : null;
  const repository = messagesRepository(db);
  const rows = await repository.page(memberId, urgency, pageSize, (pageNum - 1) * pageSize);
  // A page past the end has no row to carry the count: counted in a second statement.
  const total = rows[0]?.total ?? (pageNum > 1 ? await repository.countLive(memberId, urgency) : 0);
  const data = rows.map((row) => {
    const { sender, title, content } = renderMessage(row, locale);
    return {
      id: row.id,
      title,
      time: minuteOf(row.createdAt),
      content,
      isRead: row.isRead === 1 ? 1 : 0,
      sendUsername: sender,
      createTime: row.createdAt.toISOString(),
      urgencyType: row.urgencyType === 1 ? 1 : 0,
      linkType:
        row.linkType === "order" || row.linkType === "shipment" || row.linkType === "billing" ? row.linkType : "",
      linkRef: row.linkRef,
    } satisfies Message;
  });
  return { data, total, pages: Math.ceil(total / pageSize) };
}

export async function unreadCount(db: Db, memberId: number) {
  return { unread: await messagesRepository(db).unreadCount(memberId) };
}

/** MSG-012: marks one of the caller's messages read; another account's (or a deleted one) is not found. */
export async function readMessage(db: Db, memberId: number, id: number) {
  if (!Number.isSafeInteger(id) || !(await messagesRepository(db).markRead(memberId, id)))
    throw notFound("message.notFound", { id });
  return unreadCount(db, memberId);
}

/** MSG-013: marks every message of the caller read (never another account's, not even a sub-account's). */
export async function readAllMessages(db: Db, memberId: number) {
  await messagesRepository(db).markAllRead(memberId);
  return { unread: 0 };
}

/** MSG-014: deletes one of the caller's messages. */
export async function deleteMessage(db: Db, memberId: number, id: number) {
  if (!Number.isSafeInteger(id) || !(await messagesRepository(db).delete(memberId, id)))
    throw notFound("message.notFound", { id });
  return unreadCount(db, memberId);
}

// The seed ---------------------------------------------------------------------------------------------

const ANNOUNCEMENTS = [
  {
    urgencyType: 1 as const,
    titleEn: "Holiday production schedule",
    titleZh: "节假日生产安排",
    contentEn:
      "The factory closes from 1 to 7 October. Orders submitted before 25 September ship before the holiday; later orders are cut from 8 October.",
    contentZh: "工厂将于10月1日至7日放假。9月25日前提交的订单将在假期前发货，之后提交的订单自10月8日起裁剪。",
  },
  {
    urgencyType: 0 as const,
    titleEn: "New autumn fabrics in the library",
    titleZh: "面料库上新秋季面料",
    contentEn: "Forty new wool and flannel fabrics are in the fabric library, with stock shown in each preview.",
    contentZh: "面料库新增四十款羊毛和法兰绒面料，每款预览均显示库存。",
  },
  {
    urgencyType: 0 as const,
    titleEn: "Welcome to the message centre",
    titleZh: "欢迎使用消息中心",
    contentEn:
      "Here you find what happens to your orders and your balance: payments, production steps, shipments and refunds.",
    contentZh: "这里会通知您订单和余额的变化：付款、生产进度、发货和退款。",
  },
];

/** The seeded announcements: three to every account, written once (keyed by announcement and account). */
export async function seedAnnouncements(tx: Db, memberIds: Iterable<number>): Promise<void> {
  const inputs: MessageInput[] = [];
  for (const memberId of memberIds)
    ANNOUNCEMENTS.forEach((a, n) =>
      inputs.push({
        memberId,
        kind: "announcement",
        params: { titleEn: a.titleEn, titleZh: a.titleZh, contentEn: a.contentEn, contentZh: a.contentZh },
        urgencyType: a.urgencyType,
        eventKey: `announcement:${n + 1}:${memberId}`,
      }),
    );
  await writeMessage(tx, ...inputs);
}
