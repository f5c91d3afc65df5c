import type { Lang } from "./labels.ts";

/** The pictures' language for a Lingui locale. */
export const langOf = (locale: string): Lang => (locale === "zh" ? "zh" : "en");
