/** Order details (002 §2 "Order details", PROD-016..021) and its PDF (PROD-018): the page and its read. */
export { OrderDetailsPage } from "./OrderDetailsPage.tsx";
export { orderDetailsQueries } from "./queries.ts";
