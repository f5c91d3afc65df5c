/**
 * The live garment preview drawn (issue 10): the SVG the order summaries show, rendered by React to a
 * string. Every seeded craft that changes the garment's look changes the drawing (its layer is in the
 * SVG, naming the craft, and the picture differs from its alternative's), the fabric fills the cloth,
 * and the picture is one image with a name in words (no colour-only information).
 */
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { GARMENT } from "../../server/db/catalogue/ids.ts";
import { fabricRow } from "../../server/db/catalogue/fabrics.ts";
import type { GarmentPreviewProps } from "../../src/features/garmentPreview/index.ts";
import { alternativesOf, codesPicking, defaultCodes, drawnSeededCrafts } from "../domain/garmentPreview.fixtures.ts";

// The Lingui macros are compiled away by the app's build; here a message is its English template.
vi.mock("@lingui/core/macro", () => ({
  msg: (strings: TemplateStringsArray, ...values: unknown[]) => {
    const message = String.raw({ raw: strings }, ...values);
    return { id: message, message };
  },
}));

const { GarmentPreview } = await import("../../src/features/garmentPreview/index.ts");

beforeAll(() => {
  i18n.loadAndActivate({ locale: "en", messages: {} });
});

const render = (props: GarmentPreviewProps) =>
  renderToStaticMarkup(h(I18nProvider, { i18n }, h(GarmentPreview, props)));
const suit = (codes: readonly string[], fabric = "", source: "sys" | "cus" = "sys", category: number = GARMENT.suit) =>
  render({ category, pieces: [{ clothCategory: category, craftCodes: codes }], fabric: { source, code: fabric } });
/** The drawing alone: the data attributes and the accessible name (which name the choice) taken out. */
const drawing = (svg: string) => svg.replace(/ (data-[a-z-]+|aria-label)="[^"]*"/g, "");
const ariaLabel = (svg: string) => /aria-label="([^"]*)"/.exec(svg)?.[1]?.replace(/&#x27;/g, "'") ?? "";

describe("the drawing follows every seeded craft that changes the look", () => {
  it.each(drawnSeededCrafts().map((d) => [`${d.category} ${d.code}`, d] as const))(
    "%s: its layer names it and the picture differs from each alternative's",
    (_, craft) => {
      const withIt = render({
        category: craft.category,
        pieces: [{ clothCategory: craft.category, craftCodes: codesPicking(craft.category, craft.id) }],
        fabric: { source: "sys", code: "" },
      });
      expect(withIt.includes(`data-craft="${craft.code}"`), `no layer names ${craft.code}`).toBe(true);
      const alternatives = alternativesOf(craft.category, craft);
      expect(alternatives.length).toBeGreaterThan(0);
      for (const codes of alternatives) {
        const other = render({
          category: craft.category,
          pieces: [{ clothCategory: craft.category, craftCodes: codes }],
          fabric: { source: "sys", code: "" },
        });
        expect(drawing(withIt) === drawing(other), `${craft.code} is drawn as ${codes.join(" ")}`).toBe(false);
      }
    },
  );
});

describe("the fabric fills the cloth", () => {
  it("a catalogue fabric: its colour in the cloth's pattern, named on the picture", () => {
    const navy = fabricRow(0);
    const svg = suit(defaultCodes(GARMENT.suit), navy.fabricCode);
    expect(svg).toContain(`data-fabric="${navy.fabricCode}"`);
    expect(svg).toContain(`data-fill="${navy.colorHex}"`);
    expect(svg).toMatch(new RegExp(`<pattern id="(gp-cloth-[^"]+)"[^>]*><rect[^>]*fill="${navy.colorHex}"`));
    const id = /<pattern id="([^"]+)"/.exec(svg)![1]!;
    expect(svg).toContain(`fill="url(#${id})"`);
  });

  it("another fabric changes the fill; the drawing of the crafts stays", () => {
    const a = suit(defaultCodes(GARMENT.suit), fabricRow(0).fabricCode);
    const other = fabricRow(1); // another colour
    expect(other.colorHex).not.toBe(fabricRow(0).colorHex);
    const b = suit(defaultCodes(GARMENT.suit), other.fabricCode);
    expect(b).toContain(`data-fill="${other.colorHex}"`);
    expect(a).not.toEqual(b);
  });

  it("no fabric yet: white cloth; the customer's own (CMT): a neutral cloth", () => {
    expect(suit([], "")).toContain('data-fill="none"');
    expect(suit([], "")).not.toContain("<pattern");
    expect(suit([], "Own tweed", "cus")).toContain('data-fill="customer"');
  });
});

describe("the picture is one image named in words", () => {
  it("role img with a name saying the garment, its main choices and the cloth", () => {
    const svg = suit(defaultCodes(GARMENT.suit), fabricRow(0).fabricCode);
    expect(svg).toMatch(/^<svg[^>]* role="img"/);
    const name = ariaLabel(svg);
    expect(name).toMatch(/^Garment preview: Jacket: /);
    for (const part of ["two buttons", "notch lapel", "flap pockets", "centre vent", "Trousers: ", "flat front"])
      expect(name).toContain(part);
    expect(name).toContain(`${fabricRow(0).colorTypeName.toLowerCase()}, `);
    expect(name).toContain(`(fabric ${fabricRow(0).fabricCode})`);
  });

  it("the name follows a choice: a peak lapel, patch pockets and side vents are said", () => {
    const name = ariaLabel(suit(["LAPEL_PEAK", "LAPEL_W10P", "POCKET_PATCH", "VENT_SIDE", "FRONT_DB6"]));
    for (const part of ["double-breasted", "peak lapel", "lapel width 10 cm", "patch pockets", "side vents"])
      expect(name).toContain(part);
    expect(name).toContain("no fabric chosen yet");
  });

  it("led by the garment's name when given (the summary's 'Suit preview')", () => {
    const svg = render({
      category: GARMENT.suit,
      pieces: [{ clothCategory: GARMENT.suit, craftCodes: [] }],
      fabric: { source: "cus", code: "x" },
      name: "Suit",
    });
    expect(ariaLabel(svg)).toMatch(/^Suit preview: Jacket: .*the customer's own fabric$/);
  });

  it.each([
    [GARMENT.shirt, ["COLLAR_WING", "CUFF_FRENCH"], ["Shirt: ", "wing collar", "French cuffs"]],
    [GARMENT.overcoat, ["CL_MIDCALF", "BELT_SELF"], ["Overcoat: ", "mid-calf length", "self belt"]],
    [GARMENT.womensSuit, ["WB_PENCIL"], ["Women's jacket: ", "Pencil skirt"]],
    [GARMENT.accessories, ["SERIES_BOWTIE"], ["Bow tie"]],
    [GARMENT.waistcoat, ["WC_NECK_U"], ["Waistcoat: ", "U neckline"]],
  ])("category %i names %j", (category, codes, parts) => {
    const name = ariaLabel(suit(codes, "", "sys", category));
    for (const part of parts) expect(name).toContain(part);
  });

  it("a category the preview does not know renders nothing", () => {
    expect(suit([], "", "sys", 999)).toBe("");
  });

  it("text in a craft code or a fabric code is never markup", () => {
    const svg = suit(['"><script>alert(1)</script>'], '"><img src=x onerror=alert(1)>', "cus");
    expect(svg).not.toContain("<script");
    expect(svg).not.toContain("<img");
  });
});
