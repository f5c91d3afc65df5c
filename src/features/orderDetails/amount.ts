import { parseCents } from "../../../domain/money.ts";

/** An amount of the details answer ("1234.50", two decimals) as integer cents for `<Money>`. */
export const centsOf = (value: string): number => parseCents(value) ?? 0;
