/**
 * The order summary beside the quick and the professional order (QO-010, QO-111): the fabric it names
 * is the one chosen, never the search being typed, and its price lists the making and the fabric once
 * (issue 20 §9).
 */
import type { Page } from "@playwright/test";
import { test, expect, expectAccessible, startSignedIn } from "./fixtures.ts";
import { IN_STOCK, openQuickOrder, pickFabric } from "./orderEntry.ts";

/** The summary's price lines: the garment and fabric price and the order's itemised price. */
const priceTerms = (page: Page) =>
  page.getByTestId("order-summary").locator('[data-testid="fabric-price"] dt, [data-testid="order-price"] dt');

async function expectSummaryOfTypedThenPickedFabric(page: Page) {
  const summary = page.getByTestId("order-summary");
  await expect(page.getByTestId("order-price-unit")).toBeVisible();
  // half of a fabric code typed: a search, not a choice
  const typed = IN_STOCK.slice(0, -2);
  await page.locator("#qo-fabric").fill(typed);
  await expect(page.getByRole("listbox", { name: "Fabrics" }).getByRole("option").first()).toBeVisible();
  await expect(summary).not.toContainText(typed);
  await pickFabric(page, IN_STOCK);
  await expect(summary).toContainText(IN_STOCK);
  await expect(page.getByTestId("order-price")).toHaveAttribute("aria-busy", "false");
  // each price line once
  const terms = (await priceTerms(page).allTextContents()).map((t) => t.trim());
  expect(terms.filter((t) => t === "Making")).toHaveLength(1);
  expect(terms.filter((t) => t === "Fabric")).toHaveLength(1);
  expect(new Set(terms).size).toBe(terms.length);
  await expectAccessible(page);
}

test("QO-010 QO-111 the quick order's summary names the fabric chosen, not the search typed, and prices Making and Fabric once", async ({
  page,
}) => {
  await openQuickOrder(page);
  await expectSummaryOfTypedThenPickedFabric(page);
});

test("QO-010 QO-111 PO-002 the professional order's summary names the fabric chosen, not the search typed, and prices Making and Fabric once", async ({
  page,
}) => {
  await startSignedIn(page, "/peofessionalOrder?id=3000");
  await expect(page.getByTestId("professional-order")).toBeVisible();
  await expectSummaryOfTypedThenPickedFabric(page);
});
