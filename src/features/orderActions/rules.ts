/**
 * The order actions' rules, as the views read them (views never import domain/ directly): which
 * statuses offer cancel (D-13), pre-commit (PROD-055), urgent production (PROD-005) and the note's edit
 * (PROD-007, PROD-052).
 */
export { canCancel, canPreCommit } from "../../../domain/orderStatus.ts";
export { offersFormula } from "../../../domain/productionList.ts";
export {
  REMARK_MAX,
  URGENT_REASON_MAX,
  canAskUrgent,
  remarkProblem,
  urgentReasonProblem,
} from "../../../domain/orderNotes.ts";
