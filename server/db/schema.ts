/** The schema is split per area under ./schema/ (its index lists them); this path is the one the code imports. */
export * from "./schema/index.ts";
