import { afterEach, describe, expect, it, vi } from "vitest";
import { waitFor } from "xstate";
import {
  firstProfessionalRefusal,
  findCraft,
  keptForm,
  PROFESSIONAL_CHECKS,
  type ProfessionalSubject,
} from "../../domain/orderEntry/professional.ts";
import { STEP_RULES } from "../../machines/orderEntry/rules.ts";
import { buildDraft, restoreFromOrder, type OrderDraft, type OrderInfo } from "../../domain/orderEntry/draft.ts";
import { applySetup, initialForm } from "../../domain/orderEntry/form.ts";
import { offersSizes } from "../../domain/monogram.ts";
import { linkedMethodOf } from "../../domain/orderEntry/professional.ts";
import { ApiError } from "../../machines/shared/messages.ts";
import { selectGarmentPreview, stockBadgeTone } from "../../machines/orderEntry/selectors.ts";
import {
  FIXED_BAR_AFTER_PX,
  FIXED_BAR_THROTTLE_MS,
  PROFESSIONAL_ORDER_WAY,
  PROFESSIONAL_SECTIONS,
  selectOrderPieces,
  selectSummaryPieces,
  selectWarning,
  showsFixedBar,
} from "../../machines/professionalOrder/professionalOrder.selectors.ts";
import { throttle } from "../../src/features/professionalOrder/throttle.ts";
import { PARTS, SAVED_ORDER_INFO, SUIT_TREE } from "./quickOrder.fixtures.ts";
import {
  addTrousers,
  completeOrder,
  PRO_SETUP,
  startProfessional,
  TROUSERS,
  TROUSER_TREE,
} from "./professionalOrder.fixtures.ts";

type Pro = ReturnType<typeof startProfessional>;
const refusalOf = (p: Pro) => {
  const r = p.context().refusal;
  return r ? { key: r.key, field: r.field ?? null } : null;
};
const save = async (p: Pro) => {
  p.actor.send({ type: "user.save" });
  await waitFor(p.actor, (s) => s.status === "done" || s.context.refusal !== null);
};

describe("the professional order's checks (domain/orderEntry/professional.ts)", () => {
  const subject = (patch: Partial<ProfessionalSubject> = {}): ProfessionalSubject => ({
    fabric: "VB1005",
    pieces: [
      {
        categoryId: 3000,
        name: "Suit",
        main: true,
        crafts: [{ id: 11, name: "Notch lapel", sourceType: "IMAGE", value: "" }],
        monogram: [],
      },
    ],
    customer: {
      customerName: "Ann",
      shortName: "A",
      genderId: 10041,
      height: "170",
      heightUnit: 10266,
      weight: "",
      weightUnit: 10261,
    },
    sizes: [
      {
        piece: null,
        parts: PARTS[10052]!,
        values: { 501: "100", 502: "90", 503: "62" },
        disabled: new Set(),
        unit: "cm",
      },
    ],
    ...patch,
  });
  const piece = (patch: Partial<ProfessionalSubject["pieces"][number]>) => ({ ...subject().pieces[0]!, ...patch });
  const row: ProfessionalSubject["pieces"][number]["monogram"][number] = {
    site: 1,
    siteName: "Cuff",
    color: 2,
    font: 3,
    embSize: 4,
    content: "AB",
    file: null,
  };

  it("PO-022 the checks run in the documented order: fabric, crafts, TEXT/FILE crafts, embroidery, customer, sizes", () => {
    expect(PROFESSIONAL_CHECKS).toEqual([
      "hasFabricChosen",
      "hasAnyCraft",
      "areCraftValuesGiven",
      "arePieceMonogramsComplete",
      "hasCustomerName",
      "hasNickname",
      "hasGender",
      "hasHeight",
      "arePiecesMeasured",
    ]);
    // the machine's save and submit check the same list (the measurements' loads before the sizes)
    expect(STEP_RULES.professional.filter((r) => r !== "areMeasurementsReady")).toEqual([...PROFESSIONAL_CHECKS]);
    expect(firstProfessionalRefusal(subject())).toBeNull();
    // everything missing: the first failing check is reported
    const nothing = subject({
      fabric: "",
      pieces: [piece({ crafts: [] })],
      customer: {
        customerName: "",
        shortName: "",
        genderId: null,
        height: "",
        heightUnit: 10266,
        weight: "",
        weightUnit: 10261,
      },
      sizes: [{ ...subject().sizes[0]!, values: {} }],
    });
    expect(firstProfessionalRefusal(nothing)?.key).toBe("order.fabricRequired");
    expect(firstProfessionalRefusal({ ...nothing, fabric: "X" })?.key).toBe("craft.noneChosen");
  });

  it("PO-023 PO-024 a fabric, and at least one craft in some category (a further piece's crafts count)", () => {
    expect(firstProfessionalRefusal(subject({ fabric: "  " }))).toEqual({
      key: "order.fabricRequired",
      field: "fabric",
    });
    expect(firstProfessionalRefusal(subject({ pieces: [piece({ crafts: [] })] }))).toEqual({
      key: "craft.noneChosen",
      field: "crafts",
    });
    // QO-151, QO-119: an accessory order without any craft is asked for its series first
    expect(
      firstProfessionalRefusal(subject({ pieces: [piece({ crafts: [], categoryId: 5000, name: "Accessories" })] })),
    ).toEqual({ key: "craft.seriesFirst", field: "crafts" });
    const trousers = { ...piece({ crafts: [] }), categoryId: 2000, name: "Trousers", main: false };
    expect(
      firstProfessionalRefusal(
        subject({ pieces: [piece({ crafts: [] }), { ...trousers, crafts: subject().pieces[0]!.crafts }] }),
      ),
    ).toBeNull();
  });

  it("PO-025 PO-026 a chosen TEXT craft needs content, a FILE craft a file (a further piece's field is its own)", () => {
    const text = { id: 51, name: "Name label", sourceType: "TEXT", value: " " };
    const file = { id: 52, name: "Logo", sourceType: "FILE", value: "" };
    expect(firstProfessionalRefusal(subject({ pieces: [piece({ crafts: [text] })] }))).toEqual({
      key: "craft.notFinished",
      name: "Name label",
      field: "craft.51",
    });
    expect(
      firstProfessionalRefusal(subject({ pieces: [piece({ crafts: [file], categoryId: 2000, main: false })] })),
    ).toEqual({ key: "craft.fileMissing", name: "Logo", field: "piece.2000.craft.52" });
    expect(firstProfessionalRefusal(subject({ pieces: [piece({ crafts: [{ ...file, value: "a1" }] })] }))).toBeNull();
  });

  it("PO-027 PO-028 PO-029 PO-030 embroidery: site, colour, font in that order, then the file (1500) or content, named with the category", () => {
    const refusalFor = (r: Partial<typeof row>, categoryId = 3000, name = "Suit") =>
      firstProfessionalRefusal(
        subject({ pieces: [piece({ categoryId, name, main: categoryId === 3000, monogram: [{ ...row, ...r }] })] }),
      );
    // PO-027: a row with none of site, colour, font is no row
    expect(refusalFor({ site: null, color: null, font: null, content: "typed" })).toBeNull();
    expect(refusalFor({ site: null, color: null })).toMatchObject({ missing: "site", category: "Suit" });
    expect(refusalFor({ site: null, font: null })).toMatchObject({ missing: "site" });
    expect(refusalFor({ color: null, font: null })).toMatchObject({ missing: "color", site: "Cuff" });
    expect(refusalFor({ font: null })).toMatchObject({ missing: "font" });
    // PO-028: the uploaded font needs the uploaded file (content does not do)
    expect(refusalFor({ font: 1500, content: "AB" })).toMatchObject({ missing: "file" });
    expect(refusalFor({ font: 1500, content: "", file: "f1" })).toBeNull();
    // PO-029: any other font needs content
    expect(refusalFor({ content: "  " })).toMatchObject({ missing: "content" });
    // PO-030: prefixed with the piece's category; its field is the piece's row
    expect(refusalFor({ content: "" }, 2000, "Trousers")).toEqual({
      key: "monogram.missing",
      category: "Trousers",
      site: "Cuff",
      missing: "content",
      field: "piece.2000.monogram.0",
    });
  });

  it("PO-017 D-12 embroidery sizes for 3000, 5000 and 11000 only: there a row needs its size, elsewhere none", () => {
    expect([1000, 2000, 3000, 4000, 5000, 6000, 11000, 3800000].filter(offersSizes)).toEqual([3000, 5000, 11000]);
    const noSize = { ...row, embSize: null };
    expect(firstProfessionalRefusal(subject({ pieces: [piece({ monogram: [noSize] })] }))).toMatchObject({
      missing: "size",
    });
    expect(
      firstProfessionalRefusal(subject({ pieces: [piece({ categoryId: 2000, main: false, monogram: [noSize] })] })),
    ).toBeNull();
  });

  it("PO-031 PO-032 PO-033 PO-034 PO-035 D-06 name, nickname, gender, height: 'please fill in' + the label; weight is not required", () => {
    const customer = subject().customer;
    const cases = [
      [{ customerName: "" }, "name", "customer.name"],
      [{ shortName: " " }, "nickname", "customer.shortName"],
      [{ genderId: null }, "gender", "customer.gender"],
      [{ height: "" }, "height", "customer.height"],
    ] as const;
    for (const [patch, label, field] of cases)
      expect(firstProfessionalRefusal(subject({ customer: { ...customer, ...patch } }))).toEqual({
        key: "customer.fillIn",
        label,
        field,
      });
  });

  it("PO-036 PO-037 PO-038 required parts filled, values in range (part name + range), disabled parts skipped", () => {
    const sizes = (values: Record<number, string>, disabled = new Set<number>(), piece: string | null = null) => [
      { piece, parts: PARTS[10052]!, values, disabled, unit: "cm" },
    ];
    expect(firstProfessionalRefusal(subject({ sizes: sizes({ 501: "100", 502: "90" }) }))).toEqual({
      key: "size.required",
      name: "Sleeve",
      field: "measurement.503",
    });
    expect(firstProfessionalRefusal(subject({ sizes: sizes({ 501: "200", 502: "90", 503: "62" }) }))).toEqual({
      key: "size.outOfRange",
      name: "Chest",
      min: 60,
      max: 160,
      unit: "cm",
      field: "measurement.501",
    });
    expect(firstProfessionalRefusal(subject({ sizes: sizes({ 501: "100", 502: "90" }, new Set([503])) }))).toBeNull();
    expect(firstProfessionalRefusal(subject({ sizes: sizes({ 501: "100" }, new Set(), "Trousers") }))).toMatchObject({
      name: "Waist",
      piece: "Trousers",
    });
  });

  it("PO-018 craft search begins at 2 characters and finds the first matching option with its group", () => {
    expect(findCraft(SUIT_TREE, "n")).toBeNull();
    expect(findCraft(SUIT_TREE, " p ")).toBeNull();
    expect(findCraft(SUIT_TREE, "pe")).toMatchObject({ group: { id: 10 }, option: { id: 11 } }); // "Notch lapel"
    expect(findCraft(SUIT_TREE, "peak")).toMatchObject({ group: { id: 10 }, option: { id: 12 } });
    expect(findCraft(SUIT_TREE, "NARROW")).toMatchObject({ group: { id: 10 }, option: { id: 111 } });
    expect(findCraft(SUIT_TREE, "zz")).toBeNull();
  });
});

describe("the professional order machine", () => {
  it("PO-001 the professional order stores order type 8", async () => {
    const p = startProfessional();
    await completeOrder(p);
    expect(PROFESSIONAL_ORDER_WAY).toBe(8);
    await save(p);
    expect(p.actor.getSnapshot().status).toBe("done");
    expect(p.saved[0]!.type).toBe(8);
    expect(p.context().outcome).toMatchObject({ to: "/saveItems", failed: false });
  });

  it("PO-022 each missing required item is refused in turn, pointing at its field, and nothing is saved", async () => {
    const p = startProfessional();
    await p.atRest();
    // nothing but the defaults: every check fails but the crafts one
    p.actor.send({ type: "user.setGender", genderId: 10040 }); // the defaults give a gender: take it away by a book record
    p.actor.send({ type: "user.toggleOption", id: 51 }); // a TEXT craft without its text
    p.actor.send({ type: "user.addMonogram" });
    p.actor.send({ type: "user.editMonogram", index: 0, patch: { site: 1, siteName: "Cuff" } });
    const expected: Array<[string, string, () => Promise<void> | void]> = [
      [
        "order.fabricRequired",
        "fabric",
        async () => {
          p.actor.send({ type: "user.setFabricSource", source: "cus" });
          p.actor.send({ type: "user.typeFabric", code: "Customer's own navy wool" });
        },
      ],
      ["craft.notFinished", "craft.51", () => p.actor.send({ type: "user.setText", id: 51, value: "A.N." })],
      [
        "monogram.missing",
        "monogram.0",
        () =>
          p.actor.send({
            type: "user.editMonogram",
            index: 0,
            patch: { color: 2, font: 3, embSize: 4, content: "AN" },
          }),
      ],
      [
        "customer.fillIn",
        "customer.name",
        () => p.actor.send({ type: "user.edit", field: "customerName", value: "Ann" }),
      ],
      [
        "customer.fillIn",
        "customer.shortName",
        () => p.actor.send({ type: "user.edit", field: "shortName", value: "A" }),
      ],
      ["customer.fillIn", "customer.height", () => p.actor.send({ type: "user.edit", field: "height", value: "170" })],
      [
        "size.required",
        "measurement.501",
        () => {
          for (const [id, v] of Object.entries({ 501: "100", 502: "90", 503: "62" }))
            p.actor.send({ type: "user.setMeasure", partId: Number(id), value: v });
        },
      ],
    ];
    for (const [key, field, fix] of expected) {
      await save(p);
      expect(refusalOf(p)).toEqual({ key, field });
      expect(p.saved).toEqual([]);
      await fix();
    }
    await save(p);
    expect(p.actor.getSnapshot().status).toBe("done");
    expect(p.saved).toHaveLength(1);
    // D-06: the professional order does not ask for the weight
    expect(p.saved[0]!.weight).toBeNull();
  });

  it("PO-024 PO-033 no craft at all is refused; a customer without gender is refused", async () => {
    const p = startProfessional();
    await completeOrder(p);
    for (const id of [11, 21, 23, 41]) p.actor.send({ type: "user.toggleOption", id });
    expect(p.context().crafts.selected).toEqual([]);
    await save(p);
    expect(refusalOf(p)).toEqual({ key: "craft.noneChosen", field: "crafts" });
    p.actor.send({ type: "user.toggleOption", id: 41 });
    p.actor.send({
      type: "user.pickCustomer",
      customer: { ...p.context().basic, id: 9, custName: "X", genderId: null } as never,
    });
    await p.atRest();
    await save(p);
    expect(refusalOf(p)?.field).toBe("customer.gender");
  });

  it("PO-002 PO-030 a further piece has its own crafts and monogram rows, checked with its category's name and saved on its piece", async () => {
    const p = startProfessional();
    await completeOrder(p);
    // an edit of a piece not in the order changes nothing
    p.actor.send({ type: "user.editPiece", piece: TROUSERS, edit: { type: "user.addMonogram" } });
    expect(p.context().pieceCrafts[TROUSERS]!.monogram).toEqual([]);
    await addTrousers(p);
    expect(selectOrderPieces(p.actor.getSnapshot()).map((x) => x.name)).toEqual(["Suit", "Trousers"]);
    // the piece starts from its own tree's defaults
    expect(p.context().pieceCrafts[TROUSERS]!.crafts.selected).toEqual([2011]);
    p.actor.send({ type: "user.editPiece", piece: TROUSERS, edit: { type: "user.toggleOption", id: 2012 } });
    expect(p.context().pieceCrafts[TROUSERS]!.crafts.selected).toEqual([2012]);
    p.actor.send({ type: "user.editPiece", piece: TROUSERS, edit: { type: "user.addMonogram" } });
    p.actor.send({
      type: "user.editPiece",
      piece: TROUSERS,
      edit: { type: "user.editMonogram", index: 0, patch: { site: 9, siteName: "Waistband", color: 2 } },
    });
    await save(p);
    expect(p.context().refusal).toMatchObject({
      key: "monogram.missing",
      category: "Trousers",
      missing: "font",
      field: "piece.2000.monogram.0",
    });
    // D-12: trousers (2000) offer no sizes: font and content complete the row
    p.actor.send({
      type: "user.editPiece",
      piece: TROUSERS,
      edit: { type: "user.editMonogram", index: 0, patch: { font: 3, content: "AN" } },
    });
    await save(p);
    const [suit, trousers] = p.saved[0]!.detailList;
    expect(suit!.clothCategory).toBe(3000);
    expect(trousers).toMatchObject({
      clothCategory: TROUSERS,
      craftList: [{ craftId: 2012, content: "", sourceType: "IMAGE" }],
      embList: [{ site: 9, siteName: "Waistband", color: 2, font: 3, embSize: null, content: "AN" }],
    });
  });

  it("PO-002 the order summary lists each piece (Suit + Trousers) with its own crafts and monogram rows, and the preview draws each piece's crafts", async () => {
    const p = startProfessional();
    await completeOrder(p);
    const summary = () => selectSummaryPieces(p.actor.getSnapshot());
    const suitCrafts = summary()[0]!.crafts;
    expect(summary()).toEqual([{ categoryId: 3000, name: "Suit", crafts: suitCrafts, monogram: [] }]);
    expect(suitCrafts.length).toBeGreaterThan(0);
    p.actor.send({ type: "user.addMonogram" });
    p.actor.send({ type: "user.editMonogram", index: 0, patch: { site: 1, siteName: "Cuff", content: "AL" } });
    await addTrousers(p);
    p.actor.send({ type: "user.editPiece", piece: TROUSERS, edit: { type: "user.toggleOption", id: 2012 } });
    p.actor.send({ type: "user.editPiece", piece: TROUSERS, edit: { type: "user.addMonogram" } });
    p.actor.send({
      type: "user.editPiece",
      piece: TROUSERS,
      edit: { type: "user.editMonogram", index: 0, patch: { site: 9, siteName: "Waistband", content: "AN" } },
    });
    expect(summary()).toEqual([
      { categoryId: 3000, name: "Suit", crafts: suitCrafts, monogram: ["Cuff: AL"] },
      {
        categoryId: TROUSERS,
        name: "Trousers",
        crafts: [{ name: "Single pleat", surcharge: null }],
        monogram: ["Waistband: AN"],
      },
    ]);
    // the garment preview gets every piece's craft codes, the trousers' own included
    expect(selectGarmentPreview(p.actor.getSnapshot()).pieces).toEqual([
      { clothCategory: 3000, craftCodes: expect.any(Array) as unknown },
      { clothCategory: TROUSERS, craftCodes: ["C2012"] },
    ]);
  });

  it("D-03 SHELL-014 PROD-009 the link's sizeCategoryId is the method the page opens on when the category offers it", async () => {
    const offered = PRO_SETUP.methods;
    expect(offered).toContain(10053);
    expect(linkedMethodOf(offered, 10053)).toBe(10053);
    // a method the category does not offer, or none, is ignored (never an error)
    expect(linkedMethodOf(offered, 99)).toBeUndefined();
    expect(linkedMethodOf(offered, undefined)).toBeUndefined();
    // a new order opens on it (without it: the first offered method)
    const linked = startProfessional({ setup: { ...PRO_SETUP, linkedMethod: 10053 } });
    await linked.atRest();
    expect(linked.context().size.method).toBe(10053);
    const plain = startProfessional();
    await plain.atRest();
    expect(plain.context().size.method).toBe(offered[0]);
    // an opened order keeps its own method; one that carries none opens on the link's
    const order = restoreFromOrder(SAVED_ORDER_INFO);
    const own = startProfessional(
      { setup: { ...PRO_SETUP, linkedMethod: 10053, order } },
      { orderId: "P-9", mode: "buyagain" },
    );
    await own.atRest();
    expect(own.context().size.method).toBe(order.size.method);
    expect(order.size.method).not.toBe(10053);
    const without = startProfessional(
      { setup: { ...PRO_SETUP, linkedMethod: 10053, order: { ...order, size: { ...order.size, method: null } } } },
      { orderId: "P-9", mode: "buyagain" },
    );
    await without.atRest();
    expect(without.context().size.method).toBe(10053);
  });

  it("PO-027 an embroidery row left empty is not checked and not saved", async () => {
    const p = startProfessional();
    await completeOrder(p);
    p.actor.send({ type: "user.addMonogram" });
    await save(p);
    expect(p.actor.getSnapshot().status).toBe("done");
    expect(p.saved[0]!.detailList[0]!.embList).toEqual([]);
  });

  it("PO-038 parts disabled by a chosen craft are skipped", async () => {
    const p = startProfessional();
    await completeOrder(p);
    p.actor.send({ type: "user.setMeasure", partId: 503, value: "" });
    await save(p);
    expect(refusalOf(p)).toEqual({ key: "size.required", field: "measurement.503" });
    p.actor.send({ type: "user.toggleOption", id: 42 }); // Sleeveless disables the sleeve
    await save(p);
    expect(p.actor.getSnapshot().status).toBe("done");
  });

  it("PO-038 a further piece's parts disabled by its own chosen crafts are skipped, as the server skips them", async () => {
    const p = startProfessional();
    await completeOrder(p);
    await addTrousers(p);
    p.actor.send({ type: "user.setMeasure", partId: 2502, value: "" });
    await save(p);
    expect(refusalOf(p)).toEqual({ key: "size.required", field: "measurement.2502" });
    p.actor.send({ type: "user.dismissRefusal" });
    // Bermuda shorts on the trousers disable part 2502 (the main piece's crafts do not)
    p.actor.send({ type: "user.editPiece", piece: TROUSERS, edit: { type: "user.toggleOption", id: 2061 } });
    await save(p);
    expect(p.actor.getSnapshot().status).toBe("done");
  });

  it("PO-016 switching the fabric source clears the fabric", async () => {
    const p = startProfessional();
    await completeOrder(p);
    expect(p.context().fabric).toMatchObject({ source: "sys", code: "VB1000", inStock: true });
    p.actor.send({ type: "user.setFabricSource", source: "cus" });
    expect(p.context().fabric).toEqual({ source: "cus", code: "", inStock: null });
    p.actor.send({ type: "user.typeFabric", code: "Own tweed" });
    p.actor.send({ type: "user.setFabricSource", source: "sys" });
    expect(p.context().fabric).toEqual({ source: "sys", code: "", inStock: null });
  });

  it("PO-039 a failed stock check or measurement load ends silently; a failed save says the server's message", async () => {
    const p = startProfessional({
      stock: async () => {
        throw new ApiError(1003, "stock service down", 200);
      },
      measurements: async () => {
        throw new ApiError(1003, "measurements down", 200);
      },
      save: async () => {
        throw new ApiError(1002, "Fabric VB1000 is no longer available", 200);
      },
    });
    await p.atRest();
    expect(p.context().refusal).toBeNull();
    p.actor.send({ type: "user.typeFabric", code: "VB1000" });
    p.actor.send({ type: "user.pickFabric", code: "VB1000" });
    await p.atRest();
    expect(p.context().refusal).toBeNull();
    // with a fabric typed as the customer's own, save reaches the server
    const q = startProfessional({ save: async () => Promise.reject(new ApiError(1002, "No more today", 200)) });
    await completeOrder(q);
    q.actor.send({ type: "user.save" });
    await waitFor(q.actor, (s) => s.context.refusal !== null);
    expect(q.context().refusal).toMatchObject({ key: "server", text: "No more today" });
    expect(q.actor.getSnapshot().matches({ entry: { sizes: "editing" } })).toBe(true);
  });

  it("PO-020 the kept form comes back as it was left (customer, fabric, crafts, monogram, pieces, measurements)", async () => {
    const p = startProfessional();
    await completeOrder(p);
    await addTrousers(p);
    p.actor.send({ type: "user.toggleOption", id: 51 });
    p.actor.send({ type: "user.setText", id: 51, value: "<b>A.N.</b>" });
    p.actor.send({ type: "user.addMonogram" });
    p.actor.send({ type: "user.editMonogram", index: 0, patch: { site: 1, siteName: "Cuff", color: 2 } });
    p.actor.send({ type: "user.editPiece", piece: TROUSERS, edit: { type: "user.toggleOption", id: 2012 } });
    const kept = JSON.parse(JSON.stringify(keptForm(p.context())));
    const back = startProfessional({ setup: { ...PRO_SETUP, order: kept } });
    await back.atRest();
    const [was, is] = [p.context(), back.context()];
    expect(is.orderId).toBe("");
    expect(is.orderCode).toBe("");
    expect(is.basic).toEqual(was.basic);
    expect(is.fabric).toEqual(was.fabric);
    expect(is.crafts).toEqual(was.crafts);
    expect(is.monogram).toEqual(was.monogram);
    expect(is.pieceCrafts).toEqual(was.pieceCrafts);
    expect(is.size.values).toEqual(was.size.values);
    expect(is.size.pieces.map((x) => x.categoryId)).toEqual([TROUSERS]);
  });

  it("PO-020 QO-087 PO-036 a kept form with standard sizes comes back with its own size choice: no edit-once for it", async () => {
    // values typed by hand, in range, that match no standard size of the list
    const typed = { 601: "75", 602: "105", 603: "62" };
    const standardForm = async (pick: number | null) => {
      const p = startProfessional();
      await completeOrder(p);
      p.actor.send({ type: "user.selectMethod", method: 10054 });
      await p.atRest();
      p.actor.send({ type: "user.selectSizeArea", sizeAreaId: 10441 });
      p.actor.send({ type: "user.selectShape", shape: 10432 });
      await p.atRest();
      if (pick !== null) p.actor.send({ type: "user.pickStandardSize", sizeId: pick });
      // QO-100: the chosen size's values may then be adjusted
      for (const [partId, value] of Object.entries(typed))
        p.actor.send({ type: "user.setMeasure", partId: Number(partId), value });
      return p;
    };
    // left without a size: refused before the category is switched ...
    const unsized = await standardForm(null);
    await save(unsized);
    expect(refusalOf(unsized)).toEqual({ key: "size.standardRequired", field: "size.standard" });
    // ... and as refused when the kept form comes back (edit-once is an opened order's, QO-087)
    const back = startProfessional({
      setup: { ...PRO_SETUP, order: JSON.parse(JSON.stringify(keptForm(unsized.context()))) },
    });
    await back.atRest();
    expect(back.context().size).toMatchObject({
      editOnce: false,
      standard: { areaId: 10441, shape: 10432, sizeId: null },
    });
    expect(back.context().size.values).toMatchObject(typed);
    await save(back);
    expect(refusalOf(back)).toEqual({ key: "size.standardRequired", field: "size.standard" });
    expect(back.saved).toEqual([]);
    // a size chosen (its values adjusted) comes back chosen: the form saves as it would have
    const sized = await standardForm(902);
    const again = startProfessional({
      setup: { ...PRO_SETUP, order: JSON.parse(JSON.stringify(keptForm(sized.context()))) },
    });
    await again.atRest();
    expect(again.context().size).toMatchObject({ editOnce: false, standard: { sizeId: 902 } });
    expect(again.context().size.values).toMatchObject(typed);
    await save(again);
    expect(again.actor.getSnapshot().status).toBe("done");
    expect(again.saved).toHaveLength(1);
  });

  it("D-03 an opened professional order round-trips every field through getOrderInfo (edit keeps the id, buy again drops it)", async () => {
    const p = startProfessional();
    await completeOrder(p);
    await addTrousers(p);
    p.actor.send({ type: "user.editPiece", piece: TROUSERS, edit: { type: "user.toggleOption", id: 2051 } });
    p.actor.send({ type: "user.editPiece", piece: TROUSERS, edit: { type: "user.setText", id: 2051, value: "AN" } });
    p.actor.send({ type: "user.editPiece", piece: TROUSERS, edit: { type: "user.addMonogram" } });
    p.actor.send({
      type: "user.editPiece",
      piece: TROUSERS,
      edit: {
        type: "user.editMonogram",
        index: 0,
        patch: { site: 9, siteName: "Waistband", color: 2, font: 3, content: "AN" },
      },
    });
    await save(p);
    const draft = { ...p.saved[0]!, orderId: "77" };
    const info = { ...SAVED_ORDER_INFO, ...draft, orderCode: "MTM77", blError: "Insufficient balance" } as OrderInfo;
    const opened = startProfessional(
      { setup: { ...PRO_SETUP, order: restoreFromOrder(info) } },
      { orderId: "77", mode: "pending" },
    );
    await opened.atRest();
    const again = buildDraft(opened.context());
    // the rows come back as edited ones (QO-053)
    const asEdited = (d: typeof draft) =>
      JSON.parse(JSON.stringify(d).replaceAll('"sourceType":"add"', '"sourceType":"edit"')) as typeof draft;
    expect(again).toEqual(asEdited(draft));
    // PO-006, PO-007: its number and, for a pending order, the warning banner
    expect(opened.context().orderCode).toBe("MTM77");
    expect(selectWarning(opened.actor.getSnapshot())).toBe("Insufficient balance");
    const start = initialForm({ categoryId: 3000, orderId: "77", mode: "buyagain", orderType: 8 });
    const bought = { ...start, ...applySetup(start, { ...PRO_SETUP, order: restoreFromOrder(info) }) };
    expect(buildDraft(bought).orderId).toBe("");
    // (the measurements' parts load after the setup; the picks of every piece are there at once)
    const picks = (d: OrderDraft) => d.detailList.map(({ sizeList: _sizes, ...piece }) => piece);
    expect(picks(buildDraft(bought))).toEqual(picks(asEdited(draft)));
  });

  it("PO-007 the warning banner shows only for a new or a pending order", async () => {
    const info = { ...SAVED_ORDER_INFO, blError: "Failed: balance" } as OrderInfo;
    for (const [mode, shown] of [
      ["pending", "Failed: balance"],
      ["edit", null],
      ["buyagain", null],
    ] as const) {
      const p = startProfessional({ setup: { ...PRO_SETUP, order: restoreFromOrder(info) } }, { orderId: "42", mode });
      await p.atRest();
      expect(selectWarning(p.actor.getSnapshot())).toBe(shown);
    }
  });

  it("the further piece's tree is its own (TROUSER_TREE), and editing a row that does not exist is ignored", async () => {
    const p = startProfessional();
    await completeOrder(p);
    await addTrousers(p);
    expect(p.context().setup?.pieceTrees?.[0]?.tree).toBe(TROUSER_TREE);
    const before = p.context().pieceCrafts;
    p.actor.send({ type: "user.editPiece", piece: TROUSERS, edit: { type: "user.removeMonogram", index: 3 } });
    expect(p.context().pieceCrafts).toBe(before);
  });
});

describe("the professional page's constants (000 §2.7, §9)", () => {
  afterEach(() => vi.useRealTimers());

  it("PO-005 PO-011 four step labels, one per section", () => {
    expect(PROFESSIONAL_SECTIONS).toEqual(["crafts", "customer", "method", "measurements"]);
  });

  it("PO-009 the fixed bar shows past 120 px of scrolling", () => {
    expect(FIXED_BAR_AFTER_PX).toBe(120);
    expect([0, 120, 121, 2000].map(showsFixedBar)).toEqual([false, false, true, true]);
  });

  it("PO-010 the scroll handling runs at most every 200 ms, and the last position always counts", () => {
    vi.useFakeTimers();
    expect(FIXED_BAR_THROTTLE_MS).toBe(200);
    const runs: number[] = [];
    let y = 0;
    const onScroll = throttle(() => runs.push(y), FIXED_BAR_THROTTLE_MS);
    for (const at of [10, 40, 70, 100]) {
      y = at;
      onScroll();
    }
    expect(runs).toEqual([10]);
    vi.advanceTimersByTime(199);
    expect(runs).toEqual([10]);
    vi.advanceTimersByTime(1);
    expect(runs).toEqual([10, 100]);
    vi.advanceTimersByTime(1000);
    expect(runs).toEqual([10, 100]);
    onScroll.cancel();
  });

  it("PO-012 PO-013 PO-014 the stock badge is green above 0, red at 0 or less", () => {
    expect([5, 0.5, 0, -1].map(stockBadgeTone)).toEqual(["green", "green", "red", "red"]);
  });
});
