/** Moved to server/modules/customers/service.ts; this path stays for the files that still import it (orders, order draft, seed). */
export * from "../modules/customers/service.ts";
