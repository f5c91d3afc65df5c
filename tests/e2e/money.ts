/**
 * Amounts as the app writes them in English (domain/money.ts `formatMoney`: the code, a no-break space,
 * the amount grouped with two decimals), for the browser tests to match. Playwright's string matchers
 * read the no-break space as a space; a regular expression or an option's label does not, hence `\s`
 * in `MONEY_USD` and the no-break space in `withSurcharge`.
 */
const grouped = (cents: number) =>
  `${cents < 0 ? "-" : ""}${Math.trunc(Math.abs(cents) / 100).toLocaleString("en-US")}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;

/** "CNY 1,234.50" (with a space: for a string matcher). */
export const moneyText = (cents: number, currency: string) => `${currency} ${grouped(cents)}`;
/** "USD 1,234.50" (with a space: for a string matcher). */
export const usd = (cents: number) => moneyText(cents, "USD");

/** Any amount in US dollars, the whole text of an element. */
export const MONEY_USD = /^USD\s[\d,]+\.\d{2}$/;

/** An option's label with its surcharge, exactly as the select writes it: "Printed lining (+USD 35.00)". */
export const withSurcharge = (name: string, cents: number) => `${name} (+USD\u00a0${grouped(cents)})`;
