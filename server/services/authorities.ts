/** Moved to server/modules/session/authorities.ts; this path stays for the files that still import it (orders, order draft, seed). */
export * from "../modules/session/authorities.ts";
