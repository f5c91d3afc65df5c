import { describe, expect, it } from "vitest";
import {
  ALLOWED_LABEL_COLOURS,
  chipBackground,
  contrastRatio,
  DEFAULT_LABEL_COLOUR,
  LABEL_COLOURS,
  firstLabelRefusal,
  labelTextColour,
  luminance,
  parseLabelIds,
} from "../../domain/labels.ts";

describe("label colours", () => {
  it("LABEL-003 LABEL-004 nine colours and the default #D87508", () => {
    expect(LABEL_COLOURS).toEqual([
      "#FF5733",
      "#008080",
      "#673AB7",
      "#FFD166",
      "#E91E63",
      "#4CAF50",
      "#2196F3",
      "#9E9D24",
      "#795548",
    ]);
    expect(DEFAULT_LABEL_COLOUR).toBe("#D87508");
    expect(ALLOWED_LABEL_COLOURS).toHaveLength(10);
  });

  const cases: Array<[string, number | null, "#000000" | "#FFFFFF"]> = [
    ["#FFFFFF", 255, "#000000"],
    ["#000000", 0, "#FFFFFF"],
    ["#FFD166", 0.299 * 255 + 0.587 * 209 + 0.114 * 102, "#000000"],
    ["#D87508", 0.299 * 216 + 0.587 * 117 + 0.114 * 8, "#FFFFFF"],
    ["#2196F3", 0.299 * 33 + 0.587 * 150 + 0.114 * 243, "#FFFFFF"],
    ["#ffd166", 0.299 * 255 + 0.587 * 209 + 0.114 * 102, "#000000"],
    // exactly 186 stays white: "above 186" turns black
    ["#BABABA", 186, "#FFFFFF"],
    ["#BBBBBB", 187, "#000000"],
    ["red", null, "#FFFFFF"],
    ["#FFF", null, "#FFFFFF"],
  ];
  for (const [colour, value, text] of cases)
    it(`LABEL-005 ${colour}: luminance ${value === null ? "unreadable" : value.toFixed(1)}, text ${text}`, () => {
      const got = luminance(colour);
      if (value === null) expect(got).toBeNull();
      else expect(got).toBeCloseTo(value, 6);
      expect(labelTextColour(colour)).toBe(text);
    });
});

describe("a new label's checks", () => {
  const cases: Array<[string, { color?: string; content?: string }, string | null]> = [
    ["LABEL-006 no colour", { content: "x" }, "label.colorRequired"],
    ["LABEL-006 colour before text", {}, "label.colorRequired"],
    ["a colour that is not offered", { color: "#123456", content: "x" }, "label.colorInvalid"],
    ["not a colour", { color: "blue", content: "x" }, "label.colorInvalid"],
    ["LABEL-007 no text", { color: "#D87508" }, "label.contentRequired"],
    ["LABEL-007 blank text", { color: "#D87508", content: "   " }, "label.contentRequired"],
    ["too long", { color: "#D87508", content: "x".repeat(31) }, "label.tooLong"],
    ["lower-case colour and 30 characters", { color: "#ff5733", content: "x".repeat(30) }, null],
    ["30 emoji are 30 characters", { color: "#ff5733", content: "🧵".repeat(30) }, null],
  ];
  for (const [name, label, key] of cases)
    it(name, () => {
      expect(firstLabelRefusal(label)?.key ?? null).toBe(key);
    });
});

describe("LABEL-002 label id lists", () => {
  const cases: Array<[string, number[] | null]> = [
    ["", []],
    ["1", [1]],
    ["1,2,", [1, 2]],
    ["2,1,2", [2, 1]],
    ["a", null],
    ["0", null],
    ["1,-2", null],
    ["2147483648", null],
  ];
  for (const [text, ids] of cases) it(`"${text}"`, () => expect(parseLabelIds(text)).toEqual(ids));
});

describe("a chip's background (designed: readable at WCAG AA)", () => {
  for (const colour of ALLOWED_LABEL_COLOURS)
    it(`LABEL-005 ${colour}: the text colour of the 186 rule reads on it at 4.5:1 or more`, () => {
      const background = chipBackground(colour);
      expect(contrastRatio(background, labelTextColour(colour))).toBeGreaterThanOrEqual(4.5);
    });

  it("a colour that already reads is drawn as it is", () => {
    expect(chipBackground("#673AB7")).toBe("#673AB7");
    expect(chipBackground("#FFD166")).toBe("#FFD166");
    expect(chipBackground("#795548")).toBe("#795548");
  });

  it("a colour that does not is darkened, same hue", () => {
    const shade = chipBackground("#4CAF50");
    expect(shade).not.toBe("#4CAF50");
    expect(contrastRatio(shade, "#FFFFFF")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio("#000000", "#FFFFFF")).toBeCloseTo(21, 6);
  });
});
