import { PRODUCING_STATUSES, canEdit } from "./orderStatus.ts";

/**
 * An order's note (PROD-007) and a request for urgent production (PROD-005), both x-designed: the
 * checks the views and the server share.
 */

/** PROD-007: a remark is at most 500 characters, as the order entry's draft takes it (contract `remark`). */
export const REMARK_MAX = 500;

/** PROD-007: the note may be changed while the order is (saved or pending; the server also asks isEdit). */
export const canEditRemark = (status: number) => canEdit(status);

export type RemarkProblem = "tooLong" | null;
/** PROD-007: an empty remark clears the note; a longer one than REMARK_MAX is refused. */
export function remarkProblem(remark: string): RemarkProblem {
  return remark.trim().length > REMARK_MAX ? "tooLong" : null;
}

/** PROD-005: the reason of an urgent request, required, at most 200 characters. */
export const URGENT_REASON_MAX = 200;

/** PROD-005: urgent production may be asked for an order being made: submitted 10030 up to quality check 206014. */
export function canAskUrgent(status: number): boolean {
  return (PRODUCING_STATUSES as readonly number[]).includes(status);
}

export type UrgentReasonProblem = "required" | "tooLong" | null;
export function urgentReasonProblem(reason: string): UrgentReasonProblem {
  const text = reason.trim();
  if (text === "") return "required";
  return text.length > URGENT_REASON_MAX ? "tooLong" : null;
}

/** The note of the pre-commit's step on the timeline (a message key, translated when read). */
export const PRE_COMMIT_EVENT_NOTE = "order.preCommitEvent";

/**
 * What a step of an order's timeline records: a status change, a request for urgent production
 * (PROD-005: the status kept, the member's reason as its note) or the pre-commit (the status kept,
 * `PRE_COMMIT_EVENT_NOTE`). Both kinds that keep the status are the member's.
 */
export type OrderEventKind = "status" | "urgent" | "preCommit";
export function orderEventKind(event: {
  fromStatus: number | null;
  toStatus: number;
  actor: string;
  note: string;
}): OrderEventKind {
  if (event.actor !== "member" || event.fromStatus !== event.toStatus) return "status";
  return event.note === PRE_COMMIT_EVENT_NOTE ? "preCommit" : "urgent";
}
