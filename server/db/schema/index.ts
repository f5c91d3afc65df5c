/**
 * The database schema, one file per area. The schema describes tables only: it imports nothing but Drizzle,
 * the contract's types (for the JSON an order stores) and its own files.
 */
export * from "./members.ts";
export * from "./session.ts";
export * from "./catalogue.ts";
export * from "./fabrics.ts";
export * from "./crafts.ts";
export * from "./embroidery.ts";
export * from "./measurements.ts";
export * from "./customers.ts";
export * from "./styleBasics.ts";
export * from "./styles.ts";
export * from "./orders.ts";
export * from "./attachments.ts";
export * from "./ledger.ts";
export * from "./production.ts";
export * from "./ops.ts";
export * from "./messages.ts";
export * from "./account.ts";
export * from "./shipments.ts";
export * from "./addresses.ts";
export * from "./goods.ts";
