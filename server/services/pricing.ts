/** Moved to server/modules/pricing/service.ts; this path stays for the files that still import it (orders). */
export * from "../modules/pricing/service.ts";
