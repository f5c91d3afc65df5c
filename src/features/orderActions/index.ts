/**
 * What a user does with one order on any list or details page (issue 12): cancel with refund
 * (D-13, PROD-004, PROD-037, PROD-065), pre-commit (PROD-055), the formula (PROD-054), buy again as a
 * remake, and the order's timeline.
 */
/** @public the production list, the pending list and the details page place these */
export { CancelOrderButton } from "./CancelOrderButton.tsx";
/** @public */
export { PreCommitButton } from "./PreCommitButton.tsx";
/** @public */
export { FormulaButton } from "./FormulaButton.tsx";
/** @public PROD-005: the production list and the details page place it */
export { UrgentButton } from "./UrgentButton.tsx";
/** @public PROD-007: the order lists place it */
export { RemarkButton } from "./RemarkButton.tsx";
/** @public the details page shows it */
export { OrderTimeline } from "./OrderTimeline.tsx";
/** @public */
export { orderActionQueries } from "./api.ts";
/** @public SHELL-045: the /successfully route shows it */
export { SuccessPage } from "./SuccessPage.tsx";
