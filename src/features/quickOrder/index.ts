/**
 * Order entry's public face: the quick order's page, and the parts the simple order (features/newOrder)
 * composes: the bound machine, the step views, the frame, and the reads and search of both routes.
 */
export { QuickOrderPage, type QuickOrderRef } from "./QuickOrderPage.tsx";
export { boundNewOrderMachine, boundQuickOrderMachine, orderEntryActors } from "./quickOrder.ts";
export { BasicInfoStep, CustomerFields, FabricField } from "./BasicInfoStep.tsx";
export { CraftsStep } from "./CraftsStep.tsx";
export { AccessorySelectors } from "./AccessorySelectors.tsx";
export { SizeBodyStep } from "./SizeBodyStep.tsx";
export { OrderEntryFrame } from "./OrderEntryFrame.tsx";
export type { OrderEntryRef, OrderEntrySnapshot } from "./orderEntryRef.ts";
export { orderEntryOf, orderEntrySearch, type OrderEntrySearch } from "./orderEntrySearch.ts";
export { orderQueries, prefetchOrderEntry } from "./queries.ts";
