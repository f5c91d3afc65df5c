/** The billing ledger (/billing) and the allocation details (/allocationDetails): their pages and reads (issue 22). */
export { AllocationDetailsPage } from "./AllocationDetailsPage.tsx";
export { BillingPage } from "./BillingPage.tsx";
export { billingQueries } from "./queries.ts";
export { SignedPrice } from "./parts.tsx";
