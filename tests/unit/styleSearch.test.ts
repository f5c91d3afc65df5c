import { describe, expect, it } from "vitest";
import { STYLE_SEARCH_MIN as DOMAIN_MIN } from "../../domain/orderEntry/style.ts";
import {
  pieceCraftRows,
  STYLE_SEARCH_MAX,
  STYLE_SEARCH_MIN,
  styleSearchKeyword,
} from "../../src/features/styleProduct/styleSearch.ts";

describe("the quick style search's keyword (SO-029)", () => {
  it("SO-029 the page's minimum is the domain's (one constant, the server's too)", () => {
    expect(STYLE_SEARCH_MIN).toBe(DOMAIN_MIN);
    expect(STYLE_SEARCH_MIN).toBe(4);
  });

  it.each([
    ["", null],
    ["w", null],
    ["win", null],
    ["   win   ", null],
    ["\twi n", "wi n"],
    ["wind", "wind"],
    ["  wind  ", "wind"],
    ["ST001", "ST001"],
    ["风格代码", "风格代码"],
  ])("SO-029 %j asks for %j (nothing below 4 characters after trimming)", (text, keyword) => {
    expect(styleSearchKeyword(text)).toBe(keyword);
  });

  it("SO-028 a keyword longer than the server takes is cut to its 50 characters", () => {
    expect(styleSearchKeyword(`  ${"a".repeat(80)}  `)).toBe("a".repeat(STYLE_SEARCH_MAX));
    expect(STYLE_SEARCH_MAX).toBe(50);
  });
});

describe("the piece panel's crafts (SO-030)", () => {
  it("SO-030 SO-018 a craft's price in cents, its choices, and whether it is required (type 2)", () => {
    expect(
      pieceCraftRows([
        { id: 1, name: "Lapel", type: 2, chooseContent: "Notch, Peak ,Shawl", price: "0.00" },
        { id: 2, name: "Monogram", type: 1, chooseContent: "", price: "12.50" },
        { id: 3, name: "Lining", type: 1, chooseContent: " , Navy,", price: "1234.05" },
      ]),
    ).toEqual([
      { id: 1, name: "Lapel", required: true, choices: ["Notch", "Peak", "Shawl"], priceCents: 0 },
      { id: 2, name: "Monogram", required: false, choices: [], priceCents: 1250 },
      { id: 3, name: "Lining", required: false, choices: ["Navy"], priceCents: 123405 },
    ]);
  });
});
