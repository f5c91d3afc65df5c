/**
 * The order actions' rules, as the views read them (views never import domain/ directly): which
 * statuses offer cancel (D-13), pre-commit (PROD-055) and a remake (issue 12).
 */
export { canCancel, canPreCommit } from "../../../domain/orderStatus.ts";
