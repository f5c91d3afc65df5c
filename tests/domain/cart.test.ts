import { describe, expect, it } from "vitest";
import { balanceCovers, canChangeAmount, canToggleAddProduct, MAX_AMOUNT, MIN_AMOUNT } from "../../domain/cart.ts";

describe("the cart's rules (domain/cart.ts)", () => {
  it("CART-035 CART-047 a quantity is 1 to 99", () => {
    expect([MIN_AMOUNT, MAX_AMOUNT]).toEqual([1, 99]);
  });

  it("CART-040 the add-product flag changes only at quantity 1, and a marked order keeps quantity 1", () => {
    expect([0, 1, 2, 99].map(canToggleAddProduct)).toEqual([false, true, false, false]);
    const table: Array<[addProduct: number, amount: number, allowed: boolean]> = [
      [0, 1, true],
      [0, 2, true],
      [0, 99, true],
      [1, 1, true],
      [1, 2, false],
      [1, 99, false],
    ];
    for (const [addProduct, amount, allowed] of table)
      expect(canChangeAmount({ addProduct }, amount), `${addProduct} ${amount}`).toBe(allowed);
  });

  it("CART-036 a selection can be paid only when the balance covers its subtotal, to the cent", () => {
    expect(balanceCovers(10_000, 10_000)).toBe(true);
    expect(balanceCovers(10_000, 10_001)).toBe(false);
    expect(balanceCovers(0, 0)).toBe(true);
    expect(balanceCovers(10_001, 10_000)).toBe(true);
  });
});
