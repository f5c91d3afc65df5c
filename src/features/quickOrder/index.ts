/**
 * Order entry's public face: the quick order's page, and the parts the simple order (features/newOrder)
 * composes: the bound machine, the step views and the frame; and the reads the order-entry routes'
 * loaders start (the loaders are split from the first load, so this index is never part of it).
 */
export { QuickOrderPage } from "./QuickOrderPage.tsx";
export { boundNewOrderMachine, orderEntryActors, orderEntryDraftActors } from "./quickOrder.ts";
export { CustomerFields, FabricField } from "./BasicInfoStep.tsx";
export { CraftsStep } from "./CraftsStep.tsx";
export { AccessorySelectors } from "./AccessorySelectors.tsx";
export { SizeBodyStep } from "./SizeBodyStep.tsx";
export { OrderEntryFrame } from "./OrderEntryFrame.tsx";
export { LeavingNotice } from "./LeavingNotice.tsx";
export { OrderSummary } from "./OrderSummary.tsx";
export { useFieldError, useRefusalFeedback, useRefusalText } from "./refusalFeedback.ts";
export { useOutcomeFeedback } from "./outcomeFeedback.ts";
export { orderQueries } from "./queries.ts";
export type { OrderEntryRef } from "./orderEntryRef.ts";
export { prefetchOrderEntry } from "./queries.ts";
export { RemakeBanner } from "./RemakeBanner.tsx";
