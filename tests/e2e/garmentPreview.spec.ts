import type { Page } from "@playwright/test";
import { test, expect, expectAccessible } from "./fixtures.ts";
import { atStep, fillCustomerAndFabric, IN_STOCK, openNewOrder, openQuickOrder, pickFabric } from "./orderEntry.ts";
import { fabricRow } from "../../server/db/catalogue/fabrics.ts";

/**
 * Issue 10, the live garment preview beside every order flow: the order summary's flat sketch follows
 * the main choices (its layers' data attributes are asserted, not pixels) and is filled with the
 * chosen fabric. Screenshots of the summary go to test-results/ to be looked at.
 */

const preview = (page: Page) => page.getByTestId("order-summary").getByTestId("garment-preview");
const layer = (page: Page, slot: string) => preview(page).locator(`[data-layer="${slot}"]`).first();

/** Opens a craft group of step 2 and picks one of its options. */
async function pickCraft(page: Page, group: RegExp, option: string) {
  await page.getByRole("list", { name: "Craft groups" }).getByRole("button", { name: group }).click();
  // a chosen priced option's name ends with its surcharge ("Peak lapel +USD 15.00")
  const name = new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\+|$)`);
  const tile = page.getByRole("list", { name: "Options" }).getByRole("button", { name });
  await tile.click();
  await expect(tile).toHaveAttribute("aria-pressed", "true");
}

/** An in-stock suiting of another colour than IN_STOCK's (fabricRow(5)), read from the seed. */
function otherSuiting() {
  for (let i = 6; i < 200; i++) {
    const row = fabricRow(i);
    if (row.kind === "suiting" && row.stockCentimeters > 0 && row.colorHex !== fabricRow(5).colorHex) return row;
  }
  throw new Error("no other suiting");
}

test("the quick order's preview follows the lapel and the pockets, and the fabric fills the cloth", async ({
  page,
}) => {
  await openQuickOrder(page);
  await expect(preview(page)).toBeVisible();
  // the summary's picture is the live sketch, named by the garment and what is drawn
  await expect(page.getByTestId("order-summary").getByRole("img", { name: /^Suit preview: Jacket: / })).toBeVisible();
  await expect(preview(page)).toHaveAttribute("data-fill", "none");
  await expect(layer(page, "lapel")).toHaveAttribute("data-variant", "notch");

  await fillCustomerAndFabric(page);
  await expect(preview(page)).toHaveAttribute("data-fabric", IN_STOCK);
  await expect(preview(page)).toHaveAttribute("data-fill", fabricRow(5).colorHex);
  await expect(preview(page).locator("pattern rect").first()).toHaveAttribute("fill", fabricRow(5).colorHex);

  // another fabric: another fill (QO-110: Backspace clears the chosen fabric)
  const other = otherSuiting();
  await page.locator("#qo-fabric").press("Backspace");
  await expect(preview(page)).toHaveAttribute("data-fill", "none");
  await pickFabric(page, other.fabricCode);
  await expect(preview(page)).toHaveAttribute("data-fabric", other.fabricCode);
  await expect(preview(page)).toHaveAttribute("data-fill", other.colorHex);
  await expect(preview(page)).toHaveAttribute("aria-label", new RegExp(`\\(fabric ${other.fabricCode}\\)$`));

  await page.getByRole("button", { name: "Next" }).click();
  await atStep(page, 1);
  await page.getByTestId("order-summary").screenshot({ path: "test-results/garment-preview-suit-default.png" });

  await pickCraft(page, /^Lapel/, "Peak lapel");
  await expect(layer(page, "lapel")).toHaveAttribute("data-variant", "peak");
  await expect(layer(page, "lapel")).toHaveAttribute("data-craft", "LAPEL_PEAK");
  await expect(preview(page)).toHaveAttribute("aria-label", /peak lapel/);

  await pickCraft(page, /^Pockets/, "Patch pockets");
  await expect(layer(page, "pockets")).toHaveAttribute("data-variant", "patch");
  await expect(layer(page, "pockets")).toHaveAttribute("data-craft", "POCKET_PATCH");

  await pickCraft(page, /^Front closure/, "Double-breasted, 6 × 2 buttons");
  await expect(layer(page, "closure")).toHaveAttribute("data-variant", "db6");
  await pickCraft(page, /^Vents/, "Side vents");
  await expect(preview(page).locator('[data-view="back"] [data-layer="vents"]')).toHaveAttribute(
    "data-variant",
    "side",
  );
  await page.getByTestId("order-summary").screenshot({ path: "test-results/garment-preview-suit-peak.png" });
  await expectAccessible(page);
});

test("a shirt's preview follows the collar and the cuffs", async ({ page }) => {
  await openQuickOrder(page, 1000);
  await expect(preview(page)).toBeVisible();
  await expect(layer(page, "collar")).toHaveAttribute("data-variant", "spread");
  await page.getByLabel("Customer name").fill("Walk-in Customer");
  await page.getByLabel("Nickname").fill("Walk-in");
  await page.locator("#qo-height").fill("180");
  await page.locator("#qo-weight").fill("80");
  const shirting = [...Array(200).keys()].map(fabricRow).find((f) => f.kind === "shirting" && f.stockCentimeters > 0)!;
  await pickFabric(page, shirting.fabricCode);
  await expect(preview(page)).toHaveAttribute("data-fill", shirting.colorHex);
  await page.getByRole("button", { name: "Next" }).click();
  await atStep(page, 1);

  await pickCraft(page, /^Collar/, "Wing collar");
  await expect(layer(page, "collar")).toHaveAttribute("data-variant", "wing");
  await expect(layer(page, "collar")).toHaveAttribute("data-craft", "COLLAR_WING");
  await pickCraft(page, /^Cuffs/, "French cuff");
  await expect(layer(page, "cuff")).toHaveAttribute("data-variant", "french");
  await expect(preview(page)).toHaveAttribute("aria-label", /wing collar.*French cuffs/);
  await page.getByTestId("order-summary").screenshot({ path: "test-results/garment-preview-shirt.png" });
  await expectAccessible(page);
});

test("the simple order's summary shows the same live preview", async ({ page }) => {
  await openNewOrder(page, 11000);
  await expect(preview(page)).toHaveAttribute("data-category", "11000");
  await expect(page.getByTestId("order-summary").getByRole("img", { name: /Overcoat: / })).toBeVisible();
  await expect(layer(page, "length")).toHaveAttribute("data-variant", "knee");
  await page.getByTestId("order-summary").screenshot({ path: "test-results/garment-preview-overcoat.png" });
  await expectAccessible(page);
});

test("the preview is named in Chinese too", async ({ page }) => {
  await openQuickOrder(page);
  await page.evaluate(() => localStorage.setItem("locale", "zh"));
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await page.locator("#qo-fabric").fill(IN_STOCK);
  await page.getByRole("option", { name: new RegExp(`^${IN_STOCK}`) }).click();
  await expect(preview(page)).toHaveAttribute("data-fabric", IN_STOCK);
  const name = (await preview(page).getAttribute("aria-label")) ?? "";
  for (const part of ["预览：", "上衣：", "两粒扣", "平驳头", "有盖口袋", "西裤：", `（面料 ${IN_STOCK}）`])
    expect(name).toContain(part);
  expect(name).toContain(fabricRow(5).colorTypeNameZh);
  await expectAccessible(page);
});
