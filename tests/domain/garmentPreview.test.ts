import { describe, expect, it } from "vitest";
import {
  CATEGORY_FIGURES,
  figuresDrawing,
  figuresOfCategory,
  garmentPreviewOf,
  sameGarmentPreviewInput,
  UNDRAWN_CRAFTS,
  type GarmentPreviewInput,
} from "../../domain/garmentPreview.ts";
import { fabricLookOf } from "../../domain/fabricLook.ts";
import { styleCraftCode, styleCraftCodes, UNDRAWN_STYLE_CRAFTS } from "../../domain/garmentPreviewStyles.ts";
import { styleCatalogueRows } from "../../server/db/catalogue/styles.ts";
import { FABRIC_COUNT, fabricRow } from "../../server/db/catalogue/fabrics.ts";
import { GARMENT, GARMENT_ORDER } from "../../server/db/catalogue/ids.ts";
import {
  codesPicking,
  defaultCodes,
  drawnSeededCrafts,
  seededOptionCodes,
  SEEDED_TREES,
} from "./garmentPreview.fixtures.ts";

/**
 * Issue 10, the live garment preview: the pure mapping from (garment category, chosen crafts,
 * fabric) to the figures and layers drawn. The seed is the test data: every seeded craft that
 * changes the garment's look has its layer, so a new seeded lapel without one fails here.
 */
const input = (category: number, codes: readonly string[], fabric = ""): GarmentPreviewInput => ({
  category,
  pieces: [{ clothCategory: category, craftCodes: codes }],
  fabric: { source: "sys", code: fabric },
});

describe("garment preview: every seeded craft", () => {
  const drawn = drawnSeededCrafts();

  it("every garment category of the seed is drawn as figures", () => {
    for (const category of GARMENT_ORDER)
      expect(figuresOfCategory(category).length, String(category)).toBeGreaterThan(0);
  });

  it("the crafts the preview draws are many (lapels, closures, pockets, vents, collars, cuffs ...)", () => {
    expect(drawn.length).toBeGreaterThan(150);
    for (const code of ["LAPEL_PEAK", "FRONT_DB6", "POCKET_PATCH", "VENT_SIDE", "COLLAR_WING", "CUFF_FRENCH"])
      expect(drawn.map((d) => d.code)).toContain(code);
  });

  it.each(drawnSeededCrafts().map((d) => [`${d.category} ${d.group} ${d.code}`, d] as const))(
    "%s has its layer in a figure of its category, naming the craft",
    (_, craft) => {
      const kinds = figuresDrawing(craft.code).filter((k) => figuresOfCategory(craft.category).includes(k));
      expect(kinds, `${craft.code} is drawn by no figure of ${craft.category}`).not.toEqual([]);
      // picked as the order entry picks it, the craft names the layer it sets
      const preview = garmentPreviewOf(input(craft.category, codesPicking(craft.category, craft.id)));
      const layers = preview.figures.flatMap((f) => f.layers.filter((l) => l.craft === craft.code));
      expect(layers.length, `${craft.code} sets no layer`).toBeGreaterThan(0);
    },
  );

  it("every craft the preview draws or leaves out is a seeded one (no stale codes)", () => {
    const seeded = seededOptionCodes();
    const groups = new Set([...SEEDED_TREES.values()].flatMap((tree) => tree.map((g) => g.code)));
    for (const code of UNDRAWN_CRAFTS) expect(seeded.has(code) || groups.has(code), code).toBe(true);
  });

  it("a new order's defaults draw every layer with the craft that chose it or the figure's own default", () => {
    const preview = garmentPreviewOf(input(GARMENT.suit, defaultCodes(GARMENT.suit)));
    expect(preview.figures.map((f) => f.kind)).toEqual(["jacket", "trousers"]);
    const jacket = preview.figures[0]!;
    expect(jacket.spec).toMatchObject({
      lapel: "notch",
      lapelWidth: "8",
      closure: "sb2",
      pockets: "flap",
      vents: "centre",
    });
    expect(jacket.layers.find((l) => l.slot === "lapel")).toEqual({
      slot: "lapel",
      variant: "notch",
      craft: "LAPEL_NOTCH",
    });
    // the seed has two RADIO defaults for the vents: the order keeps the first (QO-114), so does the sketch
    expect(jacket.layers.find((l) => l.slot === "vents")?.craft).toBe("VENT_CENTRE");
    expect(jacket.layers.find((l) => l.slot === "ticket")).toEqual({ slot: "ticket", variant: "none", craft: null });
  });
});

describe("garment preview: figures and pieces", () => {
  it.each([
    [GARMENT.suit, ["jacket", "trousers"]],
    [GARMENT.shirt, ["shirt"]],
    [GARMENT.trousers, ["trousers"]],
    [GARMENT.waistcoat, ["waistcoat"]],
    [GARMENT.overcoat, ["jacket"]],
    [GARMENT.womensSuit, ["jacket", "trousers"]],
    [GARMENT.accessories, ["neckwear"]],
    [GARMENT.special, ["jacket", "trousers"]],
  ])("category %i is drawn as %j", (category, kinds) => {
    expect(garmentPreviewOf(input(category, [])).figures.map((f) => f.kind)).toEqual(kinds);
  });

  it("an overcoat is a long jacket, a women's suit a women's cut, with their own defaults", () => {
    expect(garmentPreviewOf(input(GARMENT.overcoat, [])).figures[0]!.spec).toMatchObject({
      length: "knee",
      closure: "sb3",
    });
    expect(garmentPreviewOf(input(GARMENT.womensSuit, [])).figures[0]!.spec).toMatchObject({
      cut: "women",
      closure: "sb1",
    });
    expect(garmentPreviewOf(input(GARMENT.overcoat, ["CL_MIDCALF", "COAT_POLO"])).figures[0]!.spec).toMatchObject({
      length: "mid-calf",
      closure: "db6",
    });
  });

  it("a women's suit with a skirt draws the skirt in place of the trousers", () => {
    const preview = garmentPreviewOf(input(GARMENT.womensSuit, ["WB_PENCIL"]));
    expect(preview.figures[1]).toMatchObject({ kind: "trousers", spec: { shape: "pencil-skirt" } });
  });

  it("an add-product of another kind adds its figure (a suit's waistcoat); another pair of trousers does not", () => {
    const preview = garmentPreviewOf({
      category: GARMENT.suit,
      pieces: [
        { clothCategory: GARMENT.suit, craftCodes: ["LAPEL_PEAK", "TF_PLEAT1"] },
        { clothCategory: GARMENT.trousers, craftCodes: [] },
        { clothCategory: GARMENT.waistcoat, craftCodes: [] },
      ],
      fabric: { source: "sys", code: "" },
    });
    expect(preview.figures.map((f) => f.kind)).toEqual(["jacket", "trousers", "waistcoat"]);
    expect(preview.figures[1]!.spec.pleats).toBe("single");
  });

  it("a suit split into jacket and trousers pieces draws as one suit piece does (professional order)", () => {
    const whole = garmentPreviewOf(input(GARMENT.suit, ["LAPEL_SHAWL", "FRONT_SB1", "TF_PLEAT2", "HEM_TURNUP"]));
    const split = garmentPreviewOf({
      category: GARMENT.suit,
      pieces: [
        { clothCategory: GARMENT.suit, craftCodes: ["LAPEL_SHAWL", "FRONT_SB1"] },
        { clothCategory: GARMENT.trousers, craftCodes: ["TF_PLEAT2", "HEM_TURNUP"] },
      ],
      fabric: { source: "sys", code: "" },
    });
    expect(split.figures.map((f) => f.spec)).toEqual(whole.figures.map((f) => f.spec));
  });

  it("of two crafts of the same slot the later one is drawn; unknown codes are ignored", () => {
    const jacket = garmentPreviewOf(input(GARMENT.suit, ["LAPEL_NOTCH", "LAPEL_PEAK", "NOT_A_CRAFT", "<script>"]))
      .figures[0]!;
    expect(jacket.layers.find((l) => l.slot === "lapel")).toEqual({
      slot: "lapel",
      variant: "peak",
      craft: "LAPEL_PEAK",
    });
  });

  it("a category the preview does not know draws nothing", () => {
    expect(garmentPreviewOf(input(999, ["LAPEL_PEAK"])).figures).toEqual([]);
    expect(Object.keys(CATEGORY_FIGURES).map(Number).sort()).toEqual([...GARMENT_ORDER].sort());
  });

  it("the same input is the same preview, a changed craft or fabric is not", () => {
    const a = input(GARMENT.suit, ["LAPEL_PEAK"], "VB1000");
    expect(sameGarmentPreviewInput(a, input(GARMENT.suit, ["LAPEL_PEAK"], "VB1000"))).toBe(true);
    expect(sameGarmentPreviewInput(a, input(GARMENT.suit, ["LAPEL_NOTCH"], "VB1000"))).toBe(false);
    expect(sameGarmentPreviewInput(a, input(GARMENT.suit, ["LAPEL_PEAK"], "RC1001"))).toBe(false);
    expect(sameGarmentPreviewInput(a, { ...a, fabric: { source: "cus", code: "VB1000" } })).toBe(false);
  });
});

describe("garment preview: the fabric's fill", () => {
  it("every catalogue fabric's look is the one the seed stores (one formula: domain/fabricLook.ts)", () => {
    for (let i = 0; i < FABRIC_COUNT; i++) {
      const row = fabricRow(i);
      const look = fabricLookOf(row.fabricCode);
      expect(look, row.fabricCode).not.toBeNull();
      expect([look!.colour.hex, look!.line, look!.pattern, look!.colour.en, look!.colour.zh]).toEqual([
        row.colorHex,
        row.lineHex,
        row.pattern,
        row.colorTypeName,
        row.colorTypeNameZh,
      ]);
    }
  });

  it.each([
    ["vb1000", "VB1000"],
    ["  RC1001 ", "RC1001"],
  ])("the code %j is read as %s", (typed, code) => {
    expect(fabricLookOf(typed)?.code).toBe(code);
  });

  it.each(["", "VB1001", "XX1000", "VB999", "VB", "<img src=x>", "VB1000; DROP", "LP1004".repeat(20)])(
    "%j is no catalogue fabric",
    (code) => {
      expect(fabricLookOf(code)).toBeNull();
    },
  );

  it("the fill: a catalogue fabric's look, the customer's own cloth (CMT), or none yet", () => {
    expect(garmentPreviewOf(input(GARMENT.suit, [], "VB1000")).fill).toMatchObject({
      kind: "fabric",
      look: { code: "VB1000", colour: { hex: fabricRow(0).colorHex } },
    });
    expect(garmentPreviewOf({ ...input(GARMENT.suit, []), fabric: { source: "cus", code: "Own tweed" } }).fill).toEqual(
      {
        kind: "customer",
      },
    );
    expect(garmentPreviewOf(input(GARMENT.suit, [], "")).fill).toEqual({ kind: "none" });
    expect(garmentPreviewOf(input(GARMENT.suit, [], "NOPE")).fill).toEqual({ kind: "none" });
  });
});

describe("garment preview: the style order's crafts", () => {
  const { pieces, crafts } = styleCatalogueRows();
  const choices = crafts
    .filter((c) => c.chooseContent !== "" && !UNDRAWN_STYLE_CRAFTS.has(c.chooseContent))
    .flatMap((c) => {
      const category = pieces.find((p) => p.id === c.pieceId)!.categoryId;
      return c.chooseContent
        .split(",")
        .map((value) => ({ category, name: c.enName, chooseContent: c.chooseContent, value }));
    });
  const unique = [...new Map(choices.map((c) => [`${c.category}|${c.chooseContent}|${c.value}`, c])).values()];

  it("the seeded styles have choices the sketch draws", () => {
    expect(unique.length).toBeGreaterThan(30);
  });

  it.each(unique.map((c) => [`${c.category} ${c.name}: ${c.value}`, c] as const))(
    "%s is drawn by a figure of its piece",
    (_, choice) => {
      const code = styleCraftCode(choice.category, choice);
      // "No" pick stitching is the jacket as drawn without it
      if (choice.chooseContent === "Yes,No" && choice.value === "No") return expect(code).toBeNull();
      expect(code, `${choice.value} of ${choice.chooseContent}`).not.toBeNull();
      const kinds = figuresDrawing(code!).filter((k) => figuresOfCategory(choice.category).includes(k));
      expect(kinds).not.toEqual([]);
    },
  );

  it("a style suit's pieces draw their choices; an unknown value or list draws nothing", () => {
    const preview = garmentPreviewOf({
      category: GARMENT.suit,
      pieces: [
        {
          clothCategory: GARMENT.suit,
          craftCodes: styleCraftCodes(GARMENT.suit, [
            { chooseContent: "Notch,Peak,Shawl", value: "Peak" },
            { chooseContent: "None, Single, Double", value: " Double " },
            { chooseContent: "Notch,Peak,Shawl", value: "<b>Peak</b>" },
          ]),
        },
        {
          clothCategory: GARMENT.trousers,
          craftCodes: styleCraftCodes(GARMENT.trousers, [{ chooseContent: "Plain,Turn-up", value: "Turn-up" }]),
        },
      ],
      fabric: { source: "sys", code: "" },
    });
    expect(preview.figures[0]!.spec).toMatchObject({ lapel: "peak", vents: "side" });
    expect(preview.figures[1]!.spec).toMatchObject({ hem: "turn-up" });
    expect(styleCraftCodes(GARMENT.suit, [{ chooseContent: "A,B", value: "A" }])).toEqual([]);
  });
});
