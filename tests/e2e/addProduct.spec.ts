import { test, expect, expectAccessible } from "./fixtures.ts";
import { fillMeasurementList, saveToCart, steps, toSizeStep } from "./orderEntry.ts";

/**
 * Step 3's add-product selector (QO-040) on the real server and catalogue: a suit offers extra
 * trousers and a matching waistcoat (isAdd); the extra trousers get their own measurements, checked
 * like the suit's (QO-147, QO-148), are saved as a second piece of the order and come back on edit.
 */
/** The axe scans cover this step's own content (the rest of the page is scanned by quickOrder.spec.ts). */
const STEP = "[data-testid=size-body]";
const TROUSERS = 2000;

type Piece = { clothCategory: number; craftList: unknown[]; sizeList: Array<{ partId: number; partValue: number }> };
type Stored = { addProduct: number; detailList: Piece[] };

test("QO-040 QO-147 QO-148 a suit with extra trousers: their own measurements, checked, saved to the cart and shown again on edit", async ({
  page,
}) => {
  await toSizeStep(page, { name: "Two Trousers", nickname: "Trousers" });
  const addProduct = page.getByRole("group", { name: "Add product" });
  await expect(addProduct.getByRole("checkbox")).toHaveCount(2);
  const trousersBox = addProduct.getByRole("checkbox", { name: "Extra trousers" });
  await expect(trousersBox).not.toBeChecked();
  await expect(addProduct.getByRole("checkbox", { name: "Matching waistcoat" })).not.toBeChecked();
  await expect(page.getByTestId("size-body").getByRole("heading", { name: "Extra trousers" })).toHaveCount(0);

  // Ticked once the trousers' parts have loaded (the machine adds the piece then).
  await trousersBox.click();
  await expect(trousersBox).toBeChecked();
  await expect(page.getByTestId("size-body").getByRole("heading", { name: "Extra trousers" })).toBeVisible();
  // QO-010: the summary lists the added piece
  await expect(page.getByTestId("order-summary").getByRole("region", { name: "Extra trousers" })).toBeVisible();
  const trousers = page.getByRole("list", { name: "Extra trousers", exact: true });
  // The same inputs as the suit's: required star, unit and range hint.
  const waist = trousers.getByRole("textbox", { name: "Trouser waist" });
  await expect(waist).toHaveAttribute("aria-required", "true");
  await expect(trousers.getByRole("listitem").first()).toContainText("cm");
  await expect(waist).toHaveAccessibleDescription(/\d+ – \d+/);
  await expectAccessible(page, STEP);

  // QO-147: the suit's parts first, then the trousers', named with the piece.
  await fillMeasurementList(page, "Measurements");
  await page.getByRole("button", { name: "Save to cart" }).click();
  await expect(page.getByRole("alert")).toHaveText(/Extra trousers: Trouser waist cannot be empty/);
  // QO-148: out of range shows red with its range, and Save names it.
  await fillMeasurementList(page, "Extra trousers");
  await waist.fill("500");
  await expect(waist).toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Save to cart" }).click();
  await expect(page.getByRole("alert")).toHaveText(/Extra trousers: Trouser waist out of range/);
  await waist.fill("86");
  const shown: Record<string, string> = Object.fromEntries(
    await Promise.all(
      (await trousers.getByRole("textbox").all()).map(
        async (box) => [(await box.getAttribute("id")) ?? "", await box.inputValue()] as const,
      ),
    ),
  );

  const { order, orderId } = await saveToCart<Stored>(page);
  expect(order.addProduct).toBe(1);
  expect(order.detailList.map((p) => p.clothCategory)).toEqual([3000, TROUSERS]);
  const extra = order.detailList[1]!;
  expect(extra.craftList).toEqual([]);
  expect(extra.sizeList.find((p) => p.partValue === 86)).toBeDefined();
  expect(Object.fromEntries(extra.sizeList.map((p) => [`qo-part-${p.partId}`, String(p.partValue)]))).toEqual(shown);

  // Opened again (edit): the trousers are chosen and show their saved values; saving keeps them.
  await page.goto(`/quickOrder?id=3000&orderId=${orderId}`);
  await expect(page.getByTestId("order-code")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(steps(page).nth(2)).toHaveAttribute("aria-current", "step");
  await expect(
    page.getByRole("group", { name: "Add product" }).getByRole("checkbox", { name: "Extra trousers" }),
  ).toBeChecked();
  await expect(page.getByTestId("size-body").getByRole("heading", { name: "Extra trousers" })).toBeVisible();
  for (const [id, value] of Object.entries(shown)) await expect(page.locator(`#${id}`)).toHaveValue(value);
  await expectAccessible(page, STEP);
  const again = await saveToCart<Stored>(page);
  expect(again.orderId).toBe(orderId);
  expect(again.order.detailList[1]!.sizeList).toEqual(extra.sizeList);

  // Unticked, the trousers and their values go; the order is a suit alone again.
  await page.goto(`/quickOrder?id=3000&orderId=${orderId}`);
  await expect(page.getByTestId("order-code")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  // the saved trousers are shown before they are unticked (uncheck of a box not yet ticked does nothing)
  const ticked = page.getByRole("group", { name: "Add product" }).getByRole("checkbox", { name: "Extra trousers" });
  await expect(ticked).toBeChecked();
  await expect(page.getByTestId("size-body").getByRole("heading", { name: "Extra trousers" })).toBeVisible();
  await ticked.uncheck();
  await expect(page.getByTestId("size-body").getByRole("heading", { name: "Extra trousers" })).toHaveCount(0);
  const alone = await saveToCart<Stored>(page);
  expect(alone.order.addProduct).toBe(0);
  expect(alone.order.detailList.map((p) => p.clothCategory)).toEqual([3000]);
});
