/** The one money format (issue 19 §3, DESIGN "Forms a user can trust"): integer cents and a currency code, per locale. */
import { describe, expect, it } from "vitest";
import { formatMoney, moneyOf, sameMoney } from "../../domain/money.ts";
import { surchargeOf } from "../../domain/crafts.ts";

/** Intl puts a no-break space between the code and the number, so the code never wraps away from it. */
const NBSP = "\u00a0";

describe("formatMoney: the code, a no-break space, the amount with grouping and two decimals", () => {
  const cases: Array<[cents: number, currency: string, locale: string, text: string]> = [
    [123450, "USD", "en", "USD 1,234.50"],
    [123450, "USD", "zh", "USD 1,234.50"],
    [123450, "CNY", "en", "CNY 1,234.50"],
    [123450, "CNY", "zh", "CNY 1,234.50"],
    [0, "USD", "en", "USD 0.00"],
    [0, "CNY", "zh", "CNY 0.00"],
    [5, "EUR", "en", "EUR 0.05"],
    [99, "CNY", "zh", "CNY 0.99"],
    [100, "CNY", "zh", "CNY 1.00"],
    [123456789, "CNY", "zh", "CNY 1,234,567.89"],
    [123456789, "USD", "en", "USD 1,234,567.89"],
    // a negative amount: the sign before the code, as Intl writes it in both languages
    [-1200, "USD", "en", "-USD 12.00"],
    [-1200, "CNY", "zh", "-CNY 12.00"],
    [-5, "USD", "en", "-USD 0.05"],
    // the app's languages are the locales of their tags
    [123450, "USD", "en-US", "USD 1,234.50"],
    [123450, "CNY", "zh-CN", "CNY 1,234.50"],
    // the locale decides grouping and decimal sign (and where the code goes), not the currency
    [123450, "EUR", "de-DE", "1.234,50 EUR"],
    // the largest safe amount stays exact to the cent in both languages (a float of it would not)
    [Number.MAX_SAFE_INTEGER, "USD", "en", "USD 90,071,992,547,409.91"],
    [Number.MAX_SAFE_INTEGER, "CNY", "zh", "CNY 90,071,992,547,409.91"],
    [-Number.MAX_SAFE_INTEGER, "USD", "en", "-USD 90,071,992,547,409.91"],
  ];
  for (const [cents, currency, locale, text] of cases) {
    const expected = text.replace(" ", NBSP);
    it(`${cents} ${currency} in ${locale} is "${text}"`, () => {
      expect(formatMoney(cents, currency, locale)).toBe(expected);
    });
  }

  it("a surcharge is signed: +USD 15.00 in both languages; zero carries no sign", () => {
    expect(formatMoney(1500, "USD", "en", { signed: true })).toBe(`+USD${NBSP}15.00`);
    expect(formatMoney(1500, "CNY", "zh", { signed: true })).toBe(`+CNY${NBSP}15.00`);
    expect(formatMoney(-1500, "USD", "en", { signed: true })).toBe(`-USD${NBSP}15.00`);
    expect(formatMoney(0, "USD", "en", { signed: true })).toBe(`USD${NBSP}0.00`);
  });

  it("an amount with no ISO currency (never sent by our server) is the bare amount, not an error", () => {
    expect(formatMoney(0, "", "en")).toBe("0.00");
    expect(formatMoney(123450, "", "zh")).toBe("1,234.50");
    expect(formatMoney(123450, "usd", "en")).toBe("1,234.50");
  });

  it("refuses cents that are not a safe integer (never rounds silently)", () => {
    expect(() => formatMoney(12.5, "USD", "en")).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN, "USD", "en")).toThrow(RangeError);
    expect(() => formatMoney(2 ** 53, "USD", "en")).toThrow(RangeError);
  });
});

describe("money of an API answer", () => {
  it.each([
    ["1234.50", "USD", { cents: 123450, currency: "USD" }],
    ["12.5", "CNY", { cents: 1250, currency: "CNY" }],
    ["-0.05", "USD", { cents: -5, currency: "USD" }],
    ["1,234.50", "USD", null],
    ["", "USD", null],
  ])("%j %s is %j", (amount, currency, money) => expect(moneyOf(amount, currency)).toEqual(money));

  it("sameMoney compares the amount and the currency", () => {
    expect(sameMoney({ cents: 1, currency: "USD" }, { cents: 1, currency: "USD" })).toBe(true);
    expect(sameMoney({ cents: 1, currency: "USD" }, { cents: 1, currency: "CNY" })).toBe(false);
    expect(sameMoney({ cents: 1, currency: "USD" }, { cents: 2, currency: "USD" })).toBe(false);
    expect(sameMoney(null, null)).toBe(true);
    expect(sameMoney(null, { cents: 0, currency: "USD" })).toBe(false);
  });

  it("QO-030 a craft's surcharge is money in the account's currency, none when it costs nothing", () => {
    expect(surchargeOf({ price: "15.00", moneyType: "USD" })).toEqual({ cents: 1500, currency: "USD" });
    expect(surchargeOf({ price: "0.00", moneyType: "USD" })).toBeNull();
    expect(surchargeOf({ moneyType: "USD" })).toBeNull();
  });
});
