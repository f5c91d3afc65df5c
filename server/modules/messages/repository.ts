import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contactOutbox, members, messages } from "../../db/schema.ts";
import { executorOf, type Transaction } from "../../db/transaction.ts";

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = Omit<typeof messages.$inferInsert, "id" | "createdAt" | "deletedAt" | "isRead">;
export type OutboxRow = typeof contactOutbox.$inferSelect;

/** The outbox's backoff: the n-th attempt (from 1) leases the row for 30 s × 2^(n-1), at most an hour. */
export const BACKOFF_BASE_SECONDS = 30;
export const BACKOFF_MAX_SECONDS = 3600;

/** One order event the message of which is written (`orderEventMessages` in the service). */
export interface OrderEventMessage {
  eventId: number;
  orderId: number;
  kind: string;
  urgencyType: number;
  note: string;
}

/**
 * The message centre's and the outbox's queries (issue 25). Each method ends with `tx?: Transaction`. A read
 * runs one statement whatever it returns (tests/server/messagesQueryCount.test.ts counts them).
 */
export function messagesRepository(db: Db) {
  const live = (memberId: number) => and(eq(messages.memberId, memberId), isNull(messages.deletedAt));
  return {
    /** One page of the account's live messages, newest first, with the number of all that match (`count(*) over ()`). */
    async page(memberId: number, urgencyType: number | null, limit: number, offset: number, tx?: Transaction) {
      return executorOf(db, tx)
        .select({
          id: messages.id,
          kind: messages.kind,
          params: messages.params,
          urgencyType: messages.urgencyType,
          isRead: messages.isRead,
          linkType: messages.linkType,
          linkRef: messages.linkRef,
          createdAt: messages.createdAt,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(messages)
        .where(urgencyType === null ? live(memberId) : and(live(memberId), eq(messages.urgencyType, urgencyType)))
        .orderBy(desc(messages.id))
        .limit(limit)
        .offset(offset);
    },

    async countLive(memberId: number, urgencyType: number | null, tx?: Transaction): Promise<number> {
      const [row] = await executorOf(db, tx)
        .select({ n: count() })
        .from(messages)
        .where(urgencyType === null ? live(memberId) : and(live(memberId), eq(messages.urgencyType, urgencyType)));
      return row?.n ?? 0;
    },

    async unreadCount(memberId: number, tx?: Transaction): Promise<number> {
      const [row] = await executorOf(db, tx)
        .select({ n: count() })
        .from(messages)
        .where(and(live(memberId), eq(messages.isRead, 0)));
      return row?.n ?? 0;
    },

    /** Marks one live message of the account read; false when it has none with that id. */
    async markRead(memberId: number, id: number, tx?: Transaction): Promise<boolean> {
      const rows = await executorOf(db, tx)
        .update(messages)
        .set({ isRead: 1 })
        .where(and(live(memberId), eq(messages.id, id)))
        .returning({ id: messages.id });
      return rows.length === 1;
    },

    async markAllRead(memberId: number, tx?: Transaction): Promise<void> {
      await executorOf(db, tx)
        .update(messages)
        .set({ isRead: 1 })
        .where(and(live(memberId), eq(messages.isRead, 0)));
    },

    /** Deletes one live message of the account (the row stays, so its event never writes it again). */
    async delete(memberId: number, id: number, tx?: Transaction): Promise<boolean> {
      const rows = await executorOf(db, tx)
        .update(messages)
        .set({ deletedAt: new Date() })
        .where(and(live(memberId), eq(messages.id, id)))
        .returning({ id: messages.id });
      return rows.length === 1;
    },

    /** Writes messages; one whose event key exists already is skipped (exactly once per event). */
    async insert(rows: readonly NewMessage[], tx?: Transaction): Promise<number> {
      if (rows.length === 0) return 0;
      const inserted = await executorOf(db, tx)
        .insert(messages)
        .values([...rows])
        .onConflictDoNothing({ target: messages.eventKey })
        .returning({ id: messages.id });
      return inserted.length;
    },

    /**
     * One statement for a batch of order events: each event's order gives the account (the order's owner), the
     * order code and the new status's names. Keyed `order_event:<id>`.
     */
    async insertOrderEventMessages(events: readonly OrderEventMessage[], tx?: Transaction): Promise<void> {
      if (events.length === 0) return;
      const rows = events.map((e) => ({
        event_id: e.eventId,
        order_id: e.orderId,
        kind: e.kind,
        urgency: e.urgencyType,
        note: e.note,
      }));
      await executorOf(db, tx).execute(sql`
        insert into messages (member_id, kind, params, urgency_type, link_type, link_ref, event_key)
        select o.member_id, e.kind,
               jsonb_build_object('code', o.order_code, 'status', ev.to_status, 'statusEn', coalesce(d.en_name, ''),
                                  'statusZh', coalesce(d.zh_name, ''), 'note', e.note),
               e.urgency, 'order', o.id::text, 'order_event:' || e.event_id
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
             as e(event_id bigint, order_id integer, kind text, urgency smallint, note text)
        join orders o on o.id = e.order_id
        left join order_events ev on ev.id = e.event_id
        left join dict_system d on d.id = ev.to_status
        on conflict (event_key) do nothing`);
    },

    // The contact form's outbox ------------------------------------------------------------------------

    async insertOutbox(row: typeof contactOutbox.$inferInsert, tx?: Transaction): Promise<number> {
      const [inserted] = await executorOf(db, tx).insert(contactOutbox).values(row).returning({ id: contactOutbox.id });
      return inserted!.id;
    },

    /**
     * Claims up to `limit` due unsent rows (all due ones, or the one `id`): locked FOR UPDATE SKIP LOCKED, so
     * processes running at once claim different rows, and leased by pushing `next_attempt_at` to `leaseUntil`
     * and counting the attempt, in one statement. A process that dies while sending leaves the row to be tried
     * again after its lease.
     */
    async claimDue(now: Date, limit: number, id?: number, tx?: Transaction): Promise<OutboxRow[]> {
      const due = executorOf(db, tx)
        .select({ id: contactOutbox.id })
        .from(contactOutbox)
        .where(
          and(
            isNull(contactOutbox.sentAt),
            sql`${contactOutbox.nextAttemptAt} <= ${now.toISOString()}::timestamptz`,
            id === undefined ? undefined : eq(contactOutbox.id, id),
          ),
        )
        .orderBy(contactOutbox.nextAttemptAt, contactOutbox.id)
        .limit(limit)
        .for("update", { skipLocked: true });
      // The lease is the next attempt's backoff: 30 s, doubling with each attempt, at most an hour.
      return executorOf(db, tx)
        .update(contactOutbox)
        .set({
          attempts: sql`${contactOutbox.attempts} + 1`,
          nextAttemptAt: sql`${now.toISOString()}::timestamptz + least(${BACKOFF_BASE_SECONDS} * power(2, least(${contactOutbox.attempts}, 20)), ${BACKOFF_MAX_SECONDS}) * interval '1 second'`,
        })
        .where(inArray(contactOutbox.id, due))
        .returning();
    },

    /** The user names of the accounts that sent outbox rows (for the mail; visitors' rows have none). */
    async senderNames(memberIds: number[], tx?: Transaction): Promise<Map<number, string>> {
      if (memberIds.length === 0) return new Map();
      const rows = await executorOf(db, tx)
        .select({ id: members.id, username: members.username })
        .from(members)
        .where(inArray(members.id, memberIds));
      return new Map(rows.map((r) => [r.id, r.username]));
    },

    async markSent(id: number, at: Date, tx?: Transaction): Promise<void> {
      await executorOf(db, tx).update(contactOutbox).set({ sentAt: at, lastError: "" }).where(eq(contactOutbox.id, id));
    },

    async markFailed(id: number, error: string, tx?: Transaction): Promise<void> {
      await executorOf(db, tx)
        .update(contactOutbox)
        .set({ lastError: error.slice(0, 500) })
        .where(eq(contactOutbox.id, id));
    },

    async outboxRow(id: number, tx?: Transaction): Promise<OutboxRow | undefined> {
      const [row] = await executorOf(db, tx).select().from(contactOutbox).where(eq(contactOutbox.id, id));
      return row;
    },
  };
}
