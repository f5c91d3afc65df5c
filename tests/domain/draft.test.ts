import { describe, expect, it } from "vitest";
import { buildDraft, restoreFromOrder } from "../../domain/orderEntry/draft.ts";
import { applySetup, initialForm, type OrderForm as QuickOrderContext } from "../../domain/orderEntry/form.ts";
import { QUICK_ORDER_TYPE } from "../../domain/ids.ts";
import { SAVED_CONTRAST_SITES, SAVED_DRAFT, SAVED_ORDER_INFO, SUIT_SETUP } from "../machines/quickOrder.fixtures.ts";

/** A context as the screen holds it after opening the saved order of the fixtures. */
function openedContext(): QuickOrderContext {
  const start = initialForm({ categoryId: 3000, orderId: "42", mode: "edit" });
  return {
    ...start,
    ...applySetup(start, {
      ...SUIT_SETUP,
      contrastSites: SAVED_CONTRAST_SITES,
      order: restoreFromOrder(SAVED_ORDER_INFO),
    }),
  };
}

describe("the order draft", () => {
  it("QO-001 QO-002 D-02 the simple and quick orders store order type 7 (not the style flow's 10)", () => {
    expect(QUICK_ORDER_TYPE).toBe(7);
    expect(buildDraft(openedContext()).type).toBe(7);
    expect(buildDraft(initialForm({ categoryId: 3000 })).type).toBe(7);
  });

  it("QO-052 QO-053 monogram rows carry ids, display names, content, file and where it is, and say whether they were added or edited", () => {
    const context = openedContext();
    const withNew: QuickOrderContext = {
      ...context,
      monogram: [
        ...context.monogram,
        {
          site: 5,
          siteName: "Chest",
          color: 6,
          colorName: "Gold",
          font: 1500,
          fontName: "Uploaded artwork",
          embSize: 7,
          embSizeName: "3 cm",
          content: "",
          file: "f".repeat(20),
          fileName: "crest.png",
          sourceType: "add",
        },
      ],
    };
    const [edited, added] = buildDraft(withNew).detailList[0]!.embList!;
    expect(edited).toEqual(SAVED_DRAFT.detailList[0]!.embList![0]);
    expect(added).toEqual({
      site: 5,
      siteName: "Chest",
      color: 6,
      colorName: "Gold",
      font: 1500,
      fontName: "Uploaded artwork",
      embSize: 7,
      embSizeName: "3 cm",
      content: "",
      embContent: "",
      file: "f".repeat(20),
      fileName: "crest.png",
      href: `/api/pc/attachment/${"f".repeat(20)}`,
      attachment: "crest.png",
      sourceType: "add",
    });
  });

  it("QO-055 a contrast selection holds the chosen fabric and its code, also when an order is opened", () => {
    expect(openedContext().contrast[0]).toMatchObject({
      siteName: "Collar",
      chooseFabric: 1702,
      chooseFabricCode: "OTHER",
    });
  });

  it("QO-056 contrast picks are saved as contrastSaveList entries of site (position ids), color (contrast fabric) and content", () => {
    expect(buildDraft(openedContext()).detailList[0]!.contrastSaveList).toEqual([
      { site: "1651", color: 1702, content: "Bordeaux" },
    ]);
  });

  it("QO-068 custInfo and orderInfo are JSON strings of the whole screen state", () => {
    const context = openedContext();
    const draft = buildDraft(context);
    expect(JSON.parse(draft.custInfo!)).toEqual(JSON.parse(JSON.stringify(context.basic)));
    const info = JSON.parse(draft.orderInfo!);
    expect(info.fabric).toEqual({ source: "sys", code: SAVED_DRAFT.fabric });
    expect(info.crafts).toEqual(JSON.parse(JSON.stringify(context.crafts)));
    expect(info.monogram).toHaveLength(1);
    expect(info.contrast[0]).toMatchObject({ siteName: "Collar", chooseFabric: 1702, text: "Bordeaux" });
    expect(info.size.method).toBe(SAVED_DRAFT.sizeCategoryId);
  });
});
