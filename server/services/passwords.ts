/** Moved to server/modules/session/passwords.ts; this path stays for the files that still import it (orders, order draft, seed). */
export * from "../modules/session/passwords.ts";
