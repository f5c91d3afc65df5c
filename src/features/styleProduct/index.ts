/** The style product list ("Fashion & Designer", 002 §2): its page and its reads. */
export { StyleProductPage } from "./StyleProductPage.tsx";
export { styleQueries } from "./queries.ts";
