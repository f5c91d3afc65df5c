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

/** PROD-005: an urgent request is the timeline's event that keeps the status (from = to) with the member's reason. */
export function isUrgentEvent(event: { fromStatus: number | null; toStatus: number; actor: string }): boolean {
  return event.actor === "member" && event.fromStatus === event.toStatus;
}
