/**
 * Money as the app shows it: integer cents and an ISO currency code, formatted with the active locale
 * ("USD 1,234.50"). No floating-point sum ever reaches the screen: amounts are added as cents.
 */
export interface MoneyValue {
  /** Integer cents (minor units), e.g. 123450 for 1,234.50. */
  cents: number;
  /** ISO 4217 code, e.g. "USD", "EUR", "CNY". */
  currency: string;
}

const formats = new Map<string, { whole: Intl.NumberFormat; decimal: string }>();
function formatOf(locale: string) {
  let format = formats.get(locale);
  if (!format) {
    const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ".";
    format = { whole, decimal };
    formats.set(locale, format);
  }
  return format;
}

/**
 * "USD 1,234.50" (en), "USD 1,234.50" (zh): the code first, then the amount with the locale's
 * grouping and decimal sign and two decimals; a negative amount keeps its sign ("USD -12.00").
 * The whole part and the cents are formatted apart, so the value stays exact (no float of the
 * amount is ever made). Cents that are not an integer are refused (a programming error, never
 * rounded silently).
 */
export function formatMoney({ cents, currency }: MoneyValue, locale: string): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`money must be integer cents, got ${cents}`);
  const { whole, decimal } = formatOf(locale);
  const abs = Math.abs(cents);
  const sign = cents < 0 ? "-" : "";
  return `${currency} ${sign}${whole.format(Math.trunc(abs / 100))}${decimal}${String(abs % 100).padStart(2, "0")}`;
}
