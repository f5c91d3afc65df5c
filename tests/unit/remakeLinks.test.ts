import { describe, expect, it } from "vitest";
import { orderLink, remakeLink, type LinkedOrder } from "../../src/features/cart/orderLinks.ts";
import { orderEntryOf } from "../../src/routes/_auth/-orderEntrySearch.ts";

const order = (orderType: number): LinkedOrder => ({
  orderId: "42",
  orderType,
  clothCategory: 3000,
  sizeCategoryId: 10052,
  goodId: 7,
});
const mark = { of: "42", reason: " Sleeves too short ", code: "MTM42" };

describe("buy again as a remake (issue 12)", () => {
  it("the buy-again link of each order entry carries the remake and its trimmed reason", () => {
    for (const type of [7, 8, 10]) {
      const link = orderLink(order(type), "buyagain")!;
      expect(remakeLink(link, mark)).toEqual({
        to: link.to,
        search: { ...link.search, remakeOf: "42", remakeReason: "Sleeves too short", remakeCode: "MTM42" },
      });
    }
  });

  it("a goods order's buy again (its product page) carries none", () => {
    const link = orderLink(order(9), "buyagain")!;
    expect(remakeLink(link, mark)).toEqual(link);
  });

  it("the entry route reads the remake of a buy again only, and a new remake starts a new page", () => {
    const search = { id: 3000, orderId: "42", orderType: "buyagain", remakeOf: "42", remakeReason: "Too short" };
    const entry = orderEntryOf(search);
    expect(entry).toMatchObject({ mode: "buyagain", remake: { of: "42", reason: "Too short" } });
    expect(orderEntryOf({ ...search, remakeCode: "MTM42" }).remake).toEqual({
      of: "42",
      reason: "Too short",
      code: "MTM42",
    });
    expect(orderEntryOf({ ...search, remakeReason: "Too long" }).key).not.toBe(entry.key);
    expect(orderEntryOf({ ...search, orderType: "edit" }).remake).toBeNull();
    expect(orderEntryOf({ ...search, remakeReason: undefined }).remake).toBeNull();
    expect(orderEntryOf({ id: 3000, orderId: "42", orderType: "buyagain" })).toMatchObject({ remake: null });
  });
});
