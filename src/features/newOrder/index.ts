/** The simple order (D-10, 4 steps): its page. */
export { NewOrderPage } from "./NewOrderPage.tsx";
