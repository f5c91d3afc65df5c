import { canRemake } from "./orderStatus.ts";

/**
 * Issue 12 remakes: buy again of a delivered order (finished 10370 or shipped 10380) may mark the new
 * order as a remake of it, with a reason of at most 200 characters. The dialog and the server use
 * these checks.
 */
export const REMAKE_REASON_MAX = 200;

/** Whether buy again of an order in `status` offers "This is a remake of ...". */
export const offersRemake = (status: number) => canRemake(status);

export type RemakeReasonProblem = "required" | "tooLong";

/** The reason's problem (required, at most 200 characters), or null when it is fine. */
export function remakeReasonProblem(reason: string): RemakeReasonProblem | null {
  // Remakes: the reason is required.
  if (reason.trim() === "") return "required";
  // Remakes: the reason has at most 200 characters.
  if (reason.trim().length > REMAKE_REASON_MAX) return "tooLong";
  return null;
}

/** The remake a new order carries: the delivered order's id and the reason (and its code, for the banner only). */
export interface RemakeMark {
  of: string;
  reason: string;
  code?: string;
}

/** The remake of an order-entry search (`remakeOf`, `remakeReason`), or null when it names none. */
export function remakeOfSearch(search: {
  remakeOf?: string | undefined;
  remakeReason?: string | undefined;
  remakeCode?: string | undefined;
}): RemakeMark | null {
  const of = search.remakeOf?.trim() ?? "";
  const reason = search.remakeReason?.trim() ?? "";
  const code = search.remakeCode?.trim() ?? "";
  if (!/^\d+$/.test(of) || remakeReasonProblem(reason) !== null) return null;
  return code ? { of, reason, code } : { of, reason };
}
