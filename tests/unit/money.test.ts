/** Money on screen: integer cents and a currency code, formatted with the active locale. */
import { describe, expect, it } from "vitest";
import { formatMoney } from "../../src/ui/money.ts";

describe("formatMoney", () => {
  const cases: Array<[cents: number, currency: string, locale: string, text: string]> = [
    [123450, "USD", "en-US", "USD 1,234.50"],
    [0, "USD", "en-US", "USD 0.00"],
    [5, "EUR", "en-US", "EUR 0.05"],
    [99, "CNY", "zh-CN", "CNY 0.99"],
    [100, "CNY", "zh-CN", "CNY 1.00"],
    [123456789, "CNY", "zh-CN", "CNY 1,234,567.89"],
    [-1200, "USD", "en-US", "USD -12.00"],
    [-5, "USD", "en-US", "USD -0.05"],
    // German groups with "." and marks decimals with ",": the locale decides, not the currency
    [123450, "EUR", "de-DE", "EUR 1.234,50"],
    // the largest safe amount stays exact to the cent (a float of it would not)
    [Number.MAX_SAFE_INTEGER, "USD", "en-US", "USD 90,071,992,547,409.91"],
  ];
  for (const [cents, currency, locale, text] of cases)
    it(`${cents} ${currency} in ${locale} is "${text}"`, () => {
      expect(formatMoney({ cents, currency }, locale)).toBe(text);
    });

  it("refuses cents that are not a safe integer (never rounds silently)", () => {
    expect(() => formatMoney({ cents: 12.5, currency: "USD" }, "en-US")).toThrow(RangeError);
    expect(() => formatMoney({ cents: Number.NaN, currency: "USD" }, "en-US")).toThrow(RangeError);
    expect(() => formatMoney({ cents: 2 ** 53, currency: "USD" }, "en-US")).toThrow(RangeError);
  });
});
