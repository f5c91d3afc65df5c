/** Issue 12 remakes (domain/remake.ts) for the buy-again dialog: which orders offer it, the reason's checks. */
export { REMAKE_REASON_MAX, offersRemake, remakeReasonProblem } from "../../../domain/remake.ts";
