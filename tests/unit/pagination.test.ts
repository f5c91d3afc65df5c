/** The pager's page ranges: first and last always, the current page with its neighbours, gaps for the rest. */
import { describe, expect, it } from "vitest";
import { pageItems, type PageItem } from "../../src/ui/pagination.ts";

/** 1 … 4 5 6 … 10 as a compact string. */
const show = (items: PageItem[]) => items.map((i) => (i.type === "gap" ? "…" : String(i.page))).join(" ");

describe("pageItems", () => {
  it("no pages for an empty list", () => {
    expect(pageItems(1, 0)).toEqual([]);
    expect(pageItems(1, -3)).toEqual([]);
    expect(pageItems(1, Number.NaN)).toEqual([]);
  });

  it("every page when they fit (up to 7 with one sibling)", () => {
    expect(show(pageItems(1, 1))).toBe("1");
    expect(show(pageItems(3, 5))).toBe("1 2 3 4 5");
    expect(show(pageItems(7, 7))).toBe("1 2 3 4 5 6 7");
  });

  const table: Array<[current: number, total: number, text: string]> = [
    [1, 10, "1 2 3 4 5 … 10"],
    [3, 10, "1 2 3 4 5 … 10"],
    [4, 10, "1 2 3 4 5 … 10"],
    [5, 10, "1 … 4 5 6 … 10"],
    [6, 10, "1 … 5 6 7 … 10"],
    [7, 10, "1 … 6 7 8 9 10"],
    [10, 10, "1 … 6 7 8 9 10"],
    [50, 100, "1 … 49 50 51 … 100"],
  ];
  for (const [current, total, text] of table)
    it(`page ${current} of ${total}: ${text}`, () => {
      expect(show(pageItems(current, total))).toBe(text);
    });

  it("keeps the same number of entries wherever the current page is (the pager does not jump)", () => {
    for (let current = 1; current <= 20; current++) expect(pageItems(current, 20)).toHaveLength(7);
  });

  it("a gap never stands for a single page", () => {
    for (let total = 1; total <= 15; total++)
      for (let current = 1; current <= total; current++) {
        const items = pageItems(current, total);
        items.forEach((item, i) => {
          if (item.type !== "gap") return;
          const before = items[i - 1] as { page: number };
          const after = items[i + 1] as { page: number };
          expect(after.page - before.page).toBeGreaterThan(2);
        });
        // every page is shown in order, the current one included
        const pages = items.flatMap((i) => (i.type === "page" ? [i.page] : []));
        expect(pages).toEqual([...pages].sort((a, b) => a - b));
        expect(pages).toContain(current);
        expect(pages[0]).toBe(1);
        expect(pages.at(-1)).toBe(total);
      }
  });

  it("clamps a current page outside 1..total", () => {
    expect(show(pageItems(0, 10))).toBe("1 2 3 4 5 … 10");
    expect(show(pageItems(99, 10))).toBe("1 … 6 7 8 9 10");
  });

  it("two siblings show two pages on each side", () => {
    expect(show(pageItems(10, 20, 2))).toBe("1 … 8 9 10 11 12 … 20");
  });
});
