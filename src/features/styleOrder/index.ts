/**
 * The style order's public face (SO-001): its page and the reads the `/styleOrdering` route's loader
 * starts (the loader and the component are split from the first load, so this index is never part of it).
 */
export { NoStyleChosen, StyleOrderPage } from "./StyleOrderPage.tsx";
export { prefetchStyleOrder } from "./styleOrder.ts";
