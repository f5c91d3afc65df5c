import type { Page } from "@playwright/test";
import { test, expect, expectAccessible, expectPictureDrawn } from "./fixtures.ts";
import { fillMeasurementList, saveToCart, steps, toSizeStep } from "./orderEntry.ts";

/**
 * Step 3 Size & Body of the quick order on the real server and catalogue: the body-posture styles
 * (QO-042, QO-096, QO-099, QO-102) and the standard sizes (QO-100) with the edit-once flag (QO-087).
 */
/** The axe scans cover this step's own content (the rest of the page is scanned by quickOrder.spec.ts). */
const STEP = "[data-testid=size-body]";

type Draft = {
  sizeCategoryId: number;
  sizeAreaId: number | null;
  bodyTypeList: number[];
  detailList: Array<{
    shape: number | null;
    sizeList: Array<{ partId: number; partValue: number; shape?: number | null }>;
  }>;
};

async function reopen(page: Page, orderId: string) {
  await page.goto(`/quickOrder?id=3000&orderId=${orderId}`);
  await expect(page.getByTestId("order-code")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(steps(page).nth(2)).toHaveAttribute("aria-current", "step");
}

test("QO-042 QO-096 QO-099 QO-102 body-posture styles with pictures, preselected, reloaded with the method, saved and restored on edit", async ({
  page,
}) => {
  await toSizeStep(page, { name: "Posture Customer", nickname: "Posture" });
  await expect(page.getByRole("heading", { name: "Body posture" })).toBeVisible();
  const shoulders = page.getByRole("radiogroup", { name: "Shoulders" });
  // Each spec offers its details with picture, name and description; the normal one is preselected (chooseId).
  await expect(shoulders.getByRole("radio")).toHaveCount(4);
  await expect(shoulders.getByRole("radio", { name: "Normal shoulders" })).toBeChecked();
  await expect(shoulders.getByRole("radio", { name: "Sloping shoulders" })).toHaveAccessibleDescription(
    /Shoulders drop more than average/,
  );
  const picture = shoulders.locator("img").first();
  await expect(picture).toBeVisible();
  await expectPictureDrawn(picture);
  await expectAccessible(page, STEP);

  await shoulders.getByRole("radio", { name: "Sloping shoulders" }).check();
  await expect(shoulders.getByRole("radio", { name: "Normal shoulders" })).not.toBeChecked();
  // QO-099, QO-102: another method reloads the posture styles (the preselection again) and its sizes
  await page.getByRole("radio", { name: "Finished garment" }).check();
  await expect(page.getByRole("textbox", { name: /^Finished chest/ })).toBeVisible();
  await expect(shoulders.getByRole("radio", { name: "Normal shoulders" })).toBeChecked();
  await page.getByRole("radio", { name: "Body measurements" }).check();
  await expect(page.getByRole("textbox", { name: /^Chest/ })).toBeVisible();

  await shoulders.getByRole("radio", { name: "Square shoulders" }).check();
  await page.getByRole("radiogroup", { name: "Back" }).getByRole("radio", { name: "Stooped back" }).check();
  await fillMeasurementList(page);
  const { order: draft, orderId } = await saveToCart<Draft>(page);
  // One detail per spec of the suit, with the two picks among them.
  expect(draft.bodyTypeList).toHaveLength(7);
  expect(draft.sizeAreaId).toBeNull();

  // The choices come back with the order (getOrderInfo) and are saved again unchanged.
  await reopen(page, orderId);
  await expect(
    page.getByRole("radiogroup", { name: "Shoulders" }).getByRole("radio", { name: "Square shoulders" }),
  ).toBeChecked();
  await expect(
    page.getByRole("radiogroup", { name: "Back" }).getByRole("radio", { name: "Stooped back" }),
  ).toBeChecked();
  const again = await saveToCart<Draft>(page);
  expect(again.orderId).toBe(orderId);
  expect([...again.order.bodyTypeList].sort()).toEqual([...draft.bodyTypeList].sort());
});

test("QO-100 QO-087 standard sizes: size area, shape, a size that fills the measurements; refusals in order; restored once on edit", async ({
  page,
}) => {
  await toSizeStep(page, { name: "Posture Customer", nickname: "Posture" });
  await page.getByRole("radio", { name: "Standard sizes" }).check();
  const area = page.getByRole("group", { name: "Size area" });
  await expect(area.getByRole("button", { name: "EU" })).toBeVisible();
  await page.getByRole("button", { name: "Save to cart" }).click();
  await expect(page.getByRole("alert")).toHaveText(/Please choose a size area/);
  await area.getByRole("button", { name: "EU" }).click();
  await expect(area.getByRole("button", { name: "EU" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Save to cart" }).click();
  await expect(page.getByRole("alert")).toHaveText(/Please choose a shape/);
  await page.getByRole("group", { name: "Shape" }).getByRole("button", { name: "Regular" }).click();
  const sizes = page.getByRole("group", { name: "Standard size" });
  await expect(sizes.getByRole("button", { name: "50", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Save to cart" }).click();
  await expect(page.getByRole("alert")).toHaveText(/Please choose a standard size/);
  await expectAccessible(page, STEP);

  // The chosen size fills the finished measurements; the user adjusts one.
  await sizes.getByRole("button", { name: "50", exact: true }).click();
  await expect(sizes.getByRole("button", { name: "50", exact: true })).toHaveAttribute("aria-pressed", "true");
  const chest = page.getByRole("textbox", { name: /^Finished chest/ });
  await expect(chest).not.toHaveValue("");
  const adjusted = String(Number(await chest.inputValue()) + 1);
  await chest.fill(adjusted);
  const { order: draft, orderId } = await saveToCart<Draft>(page);
  expect(draft).toMatchObject({ sizeCategoryId: 10054, sizeAreaId: 10441, detailList: [{ shape: 10432 }] });
  expect(draft.detailList[0]!.sizeList.length).toBeGreaterThan(0);
  expect(draft.detailList[0]!.sizeList.every((p) => p.shape === 10432)).toBe(true);

  // QO-087: the edit opens with the saved area, shape and (adjusted) sizes standing, and saves them back.
  await reopen(page, orderId);
  await expect(page.getByRole("radio", { name: "Standard sizes" })).toBeChecked();
  await expect(page.getByRole("group", { name: "Size area" }).getByRole("button", { name: "EU" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByRole("group", { name: "Shape" }).getByRole("button", { name: "Regular" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(
    page.getByRole("group", { name: "Standard size" }).getByRole("button", { name: "50", exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("textbox", { name: /^Finished chest/ })).toHaveValue(adjusted);
  const again = await saveToCart<Draft>(page);
  expect(again.orderId).toBe(orderId);
  expect(again.order.detailList[0]!.sizeList).toEqual(draft.detailList[0]!.sizeList);
  expect(again.order.sizeAreaId).toBe(10441);
});
