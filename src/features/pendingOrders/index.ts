/** My order (PENDING, D-09; 002 §2): its page and its reads. */
export { PendingOrdersPage } from "./PendingOrdersPage.tsx";
export { pendingQueries } from "./queries.ts";
