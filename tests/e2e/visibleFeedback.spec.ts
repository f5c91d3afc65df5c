import type { Locator, Page } from "@playwright/test";
import { test, expect, expectAccessible, toast } from "./fixtures.ts";
import {
  atStep,
  fillCustomerAndFabric,
  fillMeasurementList,
  IN_STOCK,
  openNewOrder,
  openQuickOrder,
  OUT_OF_STOCK,
  pickFabric,
  steps,
  toSizeStep,
} from "./orderEntry.ts";
import { MONEY_USD, moneyText, usd, withSurcharge } from "./money.ts";

/**
 * Issue 8 §4, 000 §8: at 1440 × 900 every refusal is on screen right after the click that caused it
 * (a toast in the viewport) and the field it names is marked, scrolled into view and focused; a
 * success says so with the order number; a step change scrolls to the top of the step; the fabric
 * results, the finished sizes and the itemised price are shown.
 */

/** The page scrolled to its end, where the step buttons are (and the top of the form is out of view). */
async function scrollToEnd(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
}

const escaped = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
/** A price of zero anywhere in a text ("0.00", not the end of "320.00"). */
const ZERO_PRICE = /(?<!\d)0\.00/;

/** The refusal said in a toast inside the viewport, and its field marked, in view, focused and described by it. */
async function expectRefused(page: Page, field: Locator, message: string) {
  const said = toast(page, "error").filter({ hasText: message });
  await expect(said).toHaveCount(1);
  await expect(said).toBeInViewport();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toBeFocused();
  await expect(field).toBeInViewport();
  await expect(field).toHaveAccessibleDescription(escaped(message));
  await expect(field).toHaveClass(/border-red-600/);
}

test("QO-130 QO-131 QO-134 QO-088 D-06 000 §8 Next on an empty step 1: the toast and the named field are in view, marked and focused", async ({
  page,
}) => {
  await openQuickOrder(page);
  const name = page.getByLabel("Customer name");
  await scrollToEnd(page);
  await expect(name).not.toBeFocused();
  await expect(name).not.toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Next" }).click();
  await expectRefused(page, name, "Customer name cannot be empty");
  await expect(page.locator("#qo-customerName-error")).toHaveText("Customer name cannot be empty");
  await expectAccessible(page);

  // the next refusal names the next field; the first is no longer marked
  await name.fill("Walk-in Customer");
  await scrollToEnd(page);
  await page.getByRole("button", { name: "Next" }).click();
  // D-06: the nickname (the refusal's field customer.shortName)
  await expectRefused(page, page.getByLabel("Nickname"), "Nickname cannot be empty");
  await page.getByLabel("Nickname").fill("Walk-in");
  await scrollToEnd(page);
  await page.getByRole("button", { name: "Next" }).click();
  await expectRefused(page, page.locator("#qo-height"), "Height cannot be empty");
  await expect(name).not.toHaveAttribute("aria-invalid", "true");
  await expect(toast(page, "error").filter({ hasText: "Customer name cannot be empty" })).toHaveCount(0);

  // QO-134: the fabric last
  await page.locator("#qo-height").fill("180");
  await page.locator("#qo-weight").fill("80");
  await scrollToEnd(page);
  await page.getByRole("button", { name: "Next" }).click();
  await expectRefused(page, page.locator("#qo-fabric"), "Please select a fabric");
  await atStep(page, 0);
});

test("QO-021 QO-163 000 §8 the fabric results show price with currency and stock; an out-of-stock pick is refused in view", async ({
  page,
}) => {
  await openQuickOrder(page);
  const searched = page.waitForResponse(
    (r) => r.url().includes("/api/pc/fabric/dmFabric") && r.url().includes(`keywords=${OUT_OF_STOCK}`),
  );
  await page.locator("#qo-fabric").fill(OUT_OF_STOCK);
  const found = (
    (await (await searched).json()) as {
      data: Array<{ fabricCode: string; price: string; moneyType: string; stock: number; inStock: boolean }>;
    }
  ).data;
  const fabric = found.find((f) => f.fabricCode === OUT_OF_STOCK)!;
  expect(fabric.inStock).toBe(false);
  const result = page
    .getByRole("listbox", { name: "Fabrics" })
    .getByRole("option", { name: new RegExp(`^${OUT_OF_STOCK}`) });
  await expect(result.getByTestId("fabric-result-price")).toHaveText(
    moneyText(Math.round(Number(fabric.price) * 100), fabric.moneyType),
  );
  await expect(result.getByTestId("fabric-result-price")).toHaveText(MONEY_USD);
  await expect(result.getByTestId("fabric-result-stock")).toHaveText(`Stock: ${fabric.stock} m (sold out)`);

  await page.locator("#qo-fabric").fill(IN_STOCK);
  const inStock = page
    .getByRole("listbox", { name: "Fabrics" })
    .getByRole("option", { name: new RegExp(`^${IN_STOCK}`) });
  await expect(inStock.getByTestId("fabric-result-stock")).toHaveText(/^Stock: \d+(\.\d+)? m$/);

  // QO-163: the pick of an out-of-stock fabric is refused where the user looks
  await page.locator("#qo-fabric").fill(OUT_OF_STOCK);
  await result.click();
  await expectRefused(page, page.locator("#qo-fabric"), "Currently out of stock");
});

test("QO-148 QO-162 QO-057 QO-126 API-007 Submit: an out-of-range measurement names its range in view; finished sizes shown; success says the order number", async ({
  page,
}) => {
  await openQuickOrder(page);
  await fillCustomerAndFabric(page);
  await page.getByRole("button", { name: "Next" }).click();
  await atStep(page, 1);
  await page.getByRole("button", { name: "Next" }).click();
  await atStep(page, 2);
  await fillMeasurementList(page);
  const chest = page.getByRole("textbox", { name: /^Chest/ });
  await chest.fill("300");
  await scrollToEnd(page);
  await expect(chest).not.toBeInViewport();
  await page.getByRole("button", { name: "Submit" }).click();
  await expectRefused(page, chest, "Chest out of range (70–150 cm)");
  // the banner above the form says the same
  await expect(page.getByRole("alert").filter({ has: page.getByRole("button", { name: "Dismiss" }) })).toHaveText(
    /^Chest out of range \(70–150 cm\)/,
  );
  await expect(page.locator(`#${await chest.getAttribute("id")}-error`)).toHaveText("Chest out of range (70–150 cm)");

  // QO-162: the pre-calculation is named: the button is brought into view and focused
  await chest.fill("100");
  await scrollToEnd(page);
  await page.getByRole("button", { name: "Submit" }).click();
  const presize = page.getByRole("button", { name: "Calculate finished sizes" });
  const presizeToast = toast(page, "error").filter({ hasText: "Pls presubmit for finished measurements first" });
  await expect(presizeToast).toBeInViewport();
  await expect(presize).toBeFocused();
  await expect(presize).toBeInViewport();
  await expect(presize).toHaveAccessibleDescription(escaped("Pls presubmit for finished measurements first"));

  // QO-057: the finished sizes computed are shown beside each body measurement
  await expect(page.getByTestId("finished-size")).toHaveCount(0);
  const presized = page.waitForResponse((r) => r.url().endsWith("/api/pc/order/getFinishedSize"));
  await presize.click();
  const finished = (
    (await (await presized).json()) as {
      data: Record<string, Array<{ refPartId: number; partId: number; partValue: number }>>;
    }
  ).data["3000"]!;
  expect(finished.length).toBeGreaterThan(0);
  for (const part of finished) {
    const item = page
      .getByRole("list", { name: "Measurements", exact: true })
      .getByRole("listitem")
      .filter({
        has: page.locator(`#qo-part-${part.refPartId}`),
      });
    await expect(item.getByTestId("finished-size")).toHaveText(`Finished ${part.partValue}`);
  }
  // a change to a body value takes the finished sizes away until they are calculated again
  await chest.fill("101");
  await expect(page.getByTestId("finished-size")).toHaveCount(0);
  await presize.click();
  await expect(page.getByTestId("finished-size").first()).toBeVisible();

  // API-007: the server's message with the order number, as a success toast, before the page moves on
  const submitted = page.waitForResponse((r) => r.url().endsWith("/api/pc/order/saveSubmitOrder"));
  await page.getByRole("button", { name: "Submit" }).click();
  const body = (await (await submitted).json()) as { message: string; data: Array<{ orderCode: string }> };
  const code = body.data[0]!.orderCode;
  expect(code).toMatch(/^MTM\d+$/);
  const success = toast(page, "success").filter({ hasText: `${body.message}: order number ${code}` });
  await expect(success).toBeInViewport();
  await expect(page).toHaveURL(/\/underProduction$/);
});

test("QO-148 an out-of-range measurement names its range in Chinese too", async ({ page }) => {
  await openQuickOrder(page);
  await fillCustomerAndFabric(page);
  // the page again in Chinese (the session stays)
  await page.evaluate(() => localStorage.setItem("locale", "zh"));
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await page.locator("#qo-customerName").fill("散客");
  await page.locator("#qo-shortName").fill("散客");
  await page.locator("#qo-height").fill("180");
  await page.locator("#qo-weight").fill("80");
  await page.locator("#qo-fabric").fill(IN_STOCK);
  await page.getByRole("option", { name: new RegExp(`^${IN_STOCK}`) }).click();
  await expect(page.getByText("有货", { exact: true })).toBeVisible();
  const zhSteps = page.getByRole("list", { name: "步骤" }).getByRole("listitem");
  await page.getByRole("button", { name: "下一步" }).click();
  await expect(zhSteps.nth(1)).toHaveAttribute("aria-current", "step");
  await page.getByRole("button", { name: "下一步" }).click();
  await expect(zhSteps.nth(2)).toHaveAttribute("aria-current", "step");
  await fillMeasurementList(page, "量体尺寸");
  const chest = page.getByRole("textbox", { name: /^胸围/ });
  await chest.fill("300");
  await scrollToEnd(page);
  await page.getByRole("button", { name: "加入购物车" }).click();
  await expectRefused(page, chest, "胸围超出范围（70–150 cm）");
});

test("QO-124 QO-166 API-007 Save to cart says so with the order number before it moves on", async ({ page }) => {
  await openQuickOrder(page);
  await fillCustomerAndFabric(page);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await atStep(page, 2);
  await fillMeasurementList(page);
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/pc/order/saveOrder"));
  await page.getByRole("button", { name: "Save to cart" }).click();
  const body = (await (await saved).json()) as { message: string; data: { orderCode: string } };
  expect(body.message).toBe("Saved to the cart");
  const success = toast(page, "success").filter({
    hasText: `Saved to the cart: order number ${body.data.orderCode}`,
  });
  await expect(success).toBeInViewport();
  await expect(page).toHaveURL(/\/saveItems$/);
});

test("QO-004 changing step scrolls to the top of the step", async ({ page }) => {
  await openQuickOrder(page);
  await fillCustomerAndFabric(page);
  await scrollToEnd(page);
  await expect(steps(page).first()).not.toBeInViewport();
  await page.getByRole("button", { name: "Next" }).click();
  await atStep(page, 1);
  await expect(steps(page).nth(1)).toBeInViewport();
  await expect(page.getByRole("list", { name: "Craft groups" })).toBeInViewport();
  // and back
  await scrollToEnd(page);
  await page.getByRole("button", { name: "Previous" }).click();
  await atStep(page, 0);
  await expect(steps(page).first()).toBeInViewport();
  await expect(page.getByLabel("Customer name")).toBeInViewport();
});

test("QO-111 the summary itemises the order price (making, fabric, each craft surcharge) and never shows 0.00 while it recalculates", async ({
  page,
}) => {
  // the order's first price is held back: the summary says it is calculating, never 0.00
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/pc/order/quote", async (route) => {
    await held;
    await route.continue();
  });
  await openQuickOrder(page);
  const summary = page.getByTestId("order-summary");
  const orderPrice = page.getByTestId("order-price");
  await expect(orderPrice).toHaveText("Calculating the price…");
  await expect(summary).not.toContainText(ZERO_PRICE);
  release();
  await expect(page.getByTestId("order-price-unit")).toHaveText(MONEY_USD);
  await page.unroute("**/api/pc/order/quote");

  // a fabric search being typed is no fabric: its lines say so, not 0.00
  await page.locator("#qo-fabric").fill(IN_STOCK);
  await expect(page.getByTestId("fabric-price")).toHaveAttribute("aria-busy", "false");
  await expect(orderPrice).toHaveAttribute("aria-busy", "false");
  await expect(summary).not.toContainText(ZERO_PRICE);
  await page
    .getByRole("listbox", { name: "Fabrics" })
    .getByRole("option", { name: new RegExp(`^${IN_STOCK}`) })
    .click();
  await expect(page.getByText("In stock")).toBeVisible();

  // a craft with a surcharge is a line of its own; the lines add up to the order's price
  await page
    .getByTestId("accessories")
    .getByLabel("Lining", { exact: true })
    .selectOption({ label: withSurcharge("Printed lining with your artwork", 3500) });
  const lines = page.getByTestId("order-price-lines");
  await expect(lines.locator("div").filter({ hasText: "Printed lining with your artwork" })).toContainText(usd(3500));
  await expect(orderPrice).toHaveAttribute("aria-busy", "false");
  await expect(lines.locator("div").filter({ hasText: /^Fabric/ })).toHaveText(/^FabricUSD\s[\d,]+\.\d{2}$/);
  await expect(lines.locator("div").filter({ hasText: /^Making/ })).toHaveText(/^MakingUSD\s[\d,]+\.\d{2}$/);
  // every line is an amount (its cents on the element that shows it)
  const amounts = await lines
    .locator("dd [data-cents]")
    .evaluateAll((shown) => shown.map((el) => Number(el.getAttribute("data-cents"))));
  expect(amounts).toHaveLength(await lines.locator("dd").count());
  const unit = Number(await page.getByTestId("order-price-unit").locator("[data-cents]").getAttribute("data-cents"));
  expect(amounts.reduce((a, b) => a + b, 0)).toBe(unit);

  // while a new price is asked for, the last one stays (busy), never 0.00
  let releaseAgain: () => void = () => {};
  const heldAgain = new Promise<void>((resolve) => (releaseAgain = resolve));
  await page.route("**/api/pc/order/quote", async (route) => {
    await heldAgain;
    await route.continue();
  });
  await page.locator("#qo-amount").fill("2");
  await expect(orderPrice).toHaveAttribute("aria-busy", "true");
  await expect(page.getByTestId("order-price-unit")).toHaveText(usd(unit));
  await expect(summary).not.toContainText(ZERO_PRICE);
  releaseAgain();
  await expect(orderPrice).toContainText("× 2 garments");
});

test("QO-134 QO-147 D-06 000 §8 the simple order: each refusal in view with its field marked and focused", async ({
  page,
}) => {
  await openNewOrder(page);
  await scrollToEnd(page);
  await page.getByRole("button", { name: "Next" }).click();
  await expectRefused(page, page.locator("#qo-fabric"), "Please select a fabric");
  await pickFabric(page, IN_STOCK);
  await expect(page.getByText("In stock")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await atStep(page, 1);
  await page.getByRole("button", { name: "Next" }).click();
  await atStep(page, 2);
  const items = page.getByRole("list", { name: "Measurements", exact: true }).getByRole("listitem");
  await expect(items.first()).toBeVisible();
  // QO-147: the first required part left empty
  for (const item of await items.all()) await item.getByRole("textbox").fill("");
  await scrollToEnd(page);
  await page.getByRole("button", { name: "Next" }).click();
  const required = items.filter({ has: page.locator("label span", { hasText: "*" }) }).first();
  const firstName = (await required.locator("label").textContent())!.replace("*", "").trim();
  await expectRefused(page, required.getByRole("textbox"), `${firstName} cannot be empty`);
  await fillMeasurementList(page);
  await page.getByRole("button", { name: "Next" }).click();
  await atStep(page, 3);
  // D-06: step 4 saving without the customer name
  await scrollToEnd(page);
  await page.getByRole("button", { name: "Save to cart" }).click();
  await expectRefused(page, page.getByLabel("Customer name"), "Customer name cannot be empty");
  await expectAccessible(page);
});

test("QO-100 000 §8 a standard-size refusal is said in view and the size choices are focused", async ({ page }) => {
  await toSizeStep(page);
  await page.getByRole("radio", { name: "Standard sizes" }).check();
  const area = page.getByRole("group", { name: "Size area" });
  await expect(area.getByRole("button").first()).toBeVisible();
  await scrollToEnd(page);
  await page.getByRole("button", { name: "Save to cart" }).click();
  await expect(toast(page, "error").filter({ hasText: "Please choose a size area" })).toBeInViewport();
  await expect(area.getByRole("button").first()).toBeFocused();
  await expect(area.getByRole("button").first()).toBeInViewport();
  await expect(page.locator("#qo-size-standard-error")).toHaveText("Please choose a size area");
});
