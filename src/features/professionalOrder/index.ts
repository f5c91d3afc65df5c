/** The professional order's public face (000 §2.7): its page, for the route's split component. */
export { ProfessionalOrderPage } from "./ProfessionalOrderPage.tsx";
export { prefetchProfessionalOrder } from "./professionalOrder.ts";
