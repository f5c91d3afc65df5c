/**
 * Order entry's public face: the quick order's page, and the parts the simple order (features/newOrder)
 * composes: the bound machine, the step views and the frame. (The routes read the search schema and the
 * loader's reads from orderEntrySearch.ts and queries.ts directly: see ../README.md.)
 */
export { QuickOrderPage } from "./QuickOrderPage.tsx";
export { boundNewOrderMachine } from "./quickOrder.ts";
export { CustomerFields, FabricField } from "./BasicInfoStep.tsx";
export { CraftsStep } from "./CraftsStep.tsx";
export { AccessorySelectors } from "./AccessorySelectors.tsx";
export { SizeBodyStep } from "./SizeBodyStep.tsx";
export { OrderEntryFrame } from "./OrderEntryFrame.tsx";
export type { OrderEntryRef } from "./orderEntryRef.ts";
