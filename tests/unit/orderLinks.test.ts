import { describe, expect, it } from "vitest";
import { orderLink, type LinkedOrder } from "../../src/features/cart/orderLinks.ts";

const order = (orderType: number, goodId: number | null = null): LinkedOrder => ({
  orderId: "42",
  orderType,
  clothCategory: 3000,
  sizeCategoryId: 10053,
  goodId,
});

describe("an order's edit and buy-again routes (D-03)", () => {
  it("PROD-010 PROD-013 type 7 opens /newOrder with the category, the order and the mode", () => {
    expect(orderLink(order(7), "buyagain")).toEqual({
      to: "/newOrder",
      search: { id: 3000, orderId: "42", orderType: "buyagain" },
    });
    expect(orderLink(order(7), "edit")?.search).toEqual({ id: 3000, orderId: "42", orderType: "edit" });
  });

  it("PROD-009 type 8 opens /peofessionalOrder with the measurement method", () => {
    expect(orderLink(order(8), "buyagain")).toEqual({
      to: "/peofessionalOrder",
      search: { id: 3000, orderId: "42", orderType: "buyagain", sizeCategoryId: 10053 },
    });
  });

  it("PROD-011 PROD-014 type 10 opens /styleOrdering; a pending order's edit says pending", () => {
    expect(orderLink(order(10), "pending")).toEqual({
      to: "/styleOrdering",
      search: { orderId: "42", orderType: "pending" },
    });
  });

  it("PROD-012 PROD-039 type 9 is bought again from its product and has no edit", () => {
    expect(orderLink(order(9, 77), "buyagain")).toEqual({ to: "/dressWellDetails", search: { id: 77 } });
    expect(orderLink(order(9, 77), "edit")).toBeNull();
    expect(orderLink(order(9, null), "buyagain")).toBeNull();
    expect(orderLink(order(11), "edit")).toBeNull();
  });
});
