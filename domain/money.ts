/** Money in integer cents (DESIGN principle 6): formatting, rounding and the account's price factor. */

/** An amount as the app carries it: integer cents (minor units) and the ISO 4217 code of its currency. */
export interface MoneyValue {
  /** Integer cents, e.g. 123450 for 1,234.50. */
  cents: number;
  /** ISO 4217 code, e.g. "USD", "CNY". */
  currency: string;
}

/** The app's languages as the locales whose grouping and decimal sign they read ("en" → "en-US"). */
const LOCALE_TAGS: Record<string, string> = { en: "en-US", zh: "zh-CN" };
const ISO_CODE = /^[A-Z]{3}$/;
const formats = new Map<string, Intl.NumberFormat>();
function formatOf(locale: string, currency: string, signed: boolean): Intl.NumberFormat {
  const key = `${locale}|${currency}|${signed}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_TAGS[locale] ?? locale, {
      ...(currency ? { style: "currency", currency, currencyDisplay: "code" } : {}),
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      signDisplay: signed ? "exceptZero" : "auto",
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * The one money format of the app: every amount a user reads (order entry, the calculator, the lists,
 * the cart, the submit receipt, order details, the PDF) is written here, with `Intl.NumberFormat` for
 * the user's locale ("en", "zh" or a BCP 47 tag).
 *
 * The format: the ISO currency code, a no-break space (U+00A0, so the code never wraps away from its
 * number), the amount with the locale's grouping and decimal sign and always two decimals
 * (`currencyDisplay: "code"` in every locale):
 *
 * | cents     | currency | en                 | zh                 |
 * | --------- | -------- | ------------------ | ------------------ |
 * | 123450    | USD      | `USD 1,234.50`     | `USD 1,234.50`     |
 * | 123450    | CNY      | `CNY 1,234.50`     | `CNY 1,234.50`     |
 * | -1200     | USD      | `-USD 12.00`       | `-USD 12.00`       |
 * | 1500 (signed, a surcharge) | USD | `+USD 15.00` | `+USD 15.00`   |
 *
 * Why the code, not a symbol: our customers are tailors and resellers trading across borders, so
 * "$" (US, Canadian, Hong Kong ...) and "¥" (yuan or yen) are ambiguous, and the symbol display would
 * differ by language for the same account ("$" in English, "US$" in Chinese). The code reads the same
 * on every screen, in both languages, in the PDF and beside the spreadsheet's numbers.
 *
 * Exact: the amount is handed to Intl as its decimal string (`formatCents`), never as a float, so the
 * largest safe number of cents is written to the cent. Cents that are not a safe integer are refused
 * (a programming error, never rounded silently). A currency that is not an ISO code (an answer that
 * names none, which our server never sends) shows the bare amount rather than break the page.
 * `signed` writes a "+" before a positive amount (a surcharge).
 */
export function formatMoney(
  cents: number,
  currency: string,
  locale: string,
  options: { signed?: boolean } = {},
): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`money must be integer cents, got ${cents}`);
  const code = ISO_CODE.test(currency) ? currency : "";
  return formatOf(locale, code, options.signed ?? false).format(formatCents(cents) as `${number}`);
}

/** An amount of an API answer (a decimal string in `currency`) as money, or null when it is not one. */
export function moneyOf(amount: string, currency: string): MoneyValue | null {
  const cents = parseCents(amount);
  return cents === null ? null : { cents, currency };
}

/** Rounds half up (away from zero for positives) to a whole number of cents. */
export const roundCents = (value: number) => Math.round(value);

/** Cents as a decimal string with two places: 123450 → "1234.50", -5 → "-0.05". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A decimal money string ("12.5", "1234.50") as cents, or null when it is not one. */
export function parseCents(text: string): number | null {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  return match[1] === "-" ? -cents : cents;
}

/** Catalogue cents as the account pays them: × its price factor (percent), rounded half up to the cent. */
export const accountCents = (cents: number, factorPct: number) => roundCents((cents * factorPct) / 100);

/** The fabric a garment uses: the price per metre × the category's usage in centimetres, rounded half up. */
export const fabricUsageCents = (pricePerMeterCents: number, centimeters: number) =>
  roundCents((pricePerMeterCents * centimeters) / 100);

/** The same amount in the same currency (for a view's `useSelector` compare); two nulls are the same. */
export const sameMoney = (a: MoneyValue | null, b: MoneyValue | null) =>
  a === b || (a !== null && b !== null && a.cents === b.cents && a.currency === b.currency);
