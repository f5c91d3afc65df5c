import { numeric } from "drizzle-orm/pg-core";

/** Column types shared by the areas. */

/** Lengths in cm (or inch for a customer's height) with two decimals, read as numbers. */
export const length = (name: string) => numeric(name, { precision: 8, scale: 2, mode: "number" });
