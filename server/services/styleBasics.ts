/** Moved to server/modules/styleBasics/service.ts; this path stays for the files that still import it (orders, order draft, seed). */
export * from "../modules/styleBasics/service.ts";
