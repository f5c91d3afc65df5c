/** The billing pages' rules (domain/billing.ts; issue 22), by table. */
import { describe, expect, it } from "vitest";
import {
  ALLOCATION_KINDS,
  allocationDot,
  BILLING_PAGE_SIZE,
  DEAL_ITEMS,
  dealItemOf,
  isReversedRange,
  KINDS_OF_DEAL_ITEM,
  priceTone,
  shortRemark,
  signedPrice,
} from "../../domain/billing.ts";
import { TRANSFER_KINDS } from "../../server/db/schema/ledger.ts";

describe("the billing pages' rules", () => {
  it.each([
    [3, "green"],
    [4, "red"],
    [5, "red"],
    [6, "blue"],
    [1, "blue"],
  ] as const)("SUB-011 SUB-012 SUB-013 type %i has a %s dot", (type, dot) => {
    expect(allocationDot(type)).toBe(dot);
  });

  it.each([
    ["+12.00", "green"],
    ["-12.00", "red"],
    ["12.00", "red"],
    [" +0.01", "green"],
  ] as const)("SUB-014 BILL-007 BILL-008 the price %j is %s", (price, tone) => {
    expect(priceTone(price)).toBe(tone);
  });

  it.each([
    ["", ""],
    ["eighteen chars ok!", "eighteen chars ok!"],
    ["nineteen characters", "nineteen character…"],
    ["量体裁衣量体裁衣量体裁衣量体裁衣量体裁衣", "量体裁衣量体裁衣量体裁衣量体裁衣量体…"],
  ])("BILL-016 the remark %j is shown as %j", (remark, shown) => {
    expect(shortRemark(remark)).toBe(shown);
  });

  it("SUB-043 BILL-015 the page size is 20", () => expect(BILLING_PAGE_SIZE).toBe(20));

  it("SUB-022 SUB-023 SUB-024 SUB-025 the sub-account kinds are the types 3, 4, 5 and 6", () => {
    expect(
      ["sub_recharge", "sub_take_back_all", "sub_take_back", "sub_no_limit"].map((k) => dealItemOf(k as never)),
    ).toEqual([3, 4, 5, 6]);
    expect(ALLOCATION_KINDS).toEqual(["sub_recharge", "sub_take_back_all", "sub_take_back", "sub_no_limit"]);
  });

  it("BILL-010 every ledger kind has exactly one deal item", () => {
    const mapped = DEAL_ITEMS.flatMap((item) => KINDS_OF_DEAL_ITEM[item]);
    expect([...mapped].sort()).toEqual([...TRANSFER_KINDS].sort());
  });

  it.each([
    [1200, "+12.00"],
    [-1200, "-12.00"],
    [-5, "-0.05"],
    [0, "+0.00"],
  ])("the API's signed price of %i cents is %j", (cents, price) => expect(signedPrice(cents)).toBe(price));

  it.each([
    ["2026-03-02", "2026-03-01", true],
    ["2026-03-01", "2026-03-01", false],
    [undefined, "2026-03-01", false],
  ])("%s..%s reversed: %s", (start, end, reversed) => expect(isReversedRange(start, end)).toBe(reversed));
});
