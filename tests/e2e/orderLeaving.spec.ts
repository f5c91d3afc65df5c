/**
 * Issue 20 §8: after Save to cart or Submit the order page says where the user is going until that page
 * has loaded, then shows it: never an empty page in between. The list the page goes to is held until
 * the test lets it answer, so no clock decides what is seen.
 */
import type { Page } from "@playwright/test";
import { test, expect, expectAccessible } from "./fixtures.ts";
import { fillMeasurementList, toSizeStep } from "./orderEntry.ts";

/** Holds every order-list read until the returned release is called. */
async function holdOrderLists(page: Page) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  await page.route("**/api/pc/order/getOrderCartList**", async (route) => {
    asked += 1;
    await held;
    await route.continue();
  });
  return { release, asked: () => asked };
}

test("QO-124 API-007 after Save to cart the order page says it opens the saved items until they show (issue 20 §8)", async ({
  page,
}) => {
  await toSizeStep(page);
  await fillMeasurementList(page);
  const lists = await holdOrderLists(page);
  await page.getByRole("button", { name: "Save to cart" }).click();
  const leaving = page.getByTestId("order-leaving");
  await expect(leaving.getByRole("status")).toHaveText("Saved. Opening the saved items…");
  await expect.poll(lists.asked).toBeGreaterThan(0);
  // still on the order page, saying where it goes, while the list loads
  await expect(page).toHaveURL(/\/quickOrder/);
  await expect(page.getByTestId("route-pending")).toHaveCount(0);
  await expectAccessible(page);
  lists.release();
  await expect(page).toHaveURL(/\/saveItems$/);
  await expect(leaving).toHaveCount(0);
});

test("QO-126 QO-167 after Submit the order page says it opens the order list until it shows (issue 20 §8)", async ({
  page,
}) => {
  await toSizeStep(page);
  await fillMeasurementList(page);
  await page.getByRole("button", { name: "Calculate finished sizes" }).click();
  await expect(page.getByText("Finished sizes calculated")).toBeVisible();
  const lists = await holdOrderLists(page);
  const submitted = page.waitForResponse((r) => r.url().endsWith("/api/pc/order/saveSubmitOrder"));
  await page.getByRole("button", { name: "Submit" }).click();
  expect(((await (await submitted).json()) as { code: number }).code).toBe(0);
  const leaving = page.getByTestId("order-leaving");
  await expect(leaving.getByRole("status")).toHaveText("Submitted. Opening the order list…");
  await expect.poll(lists.asked).toBeGreaterThan(0);
  await expect(page).toHaveURL(/\/quickOrder/);
  lists.release();
  await expect(page).toHaveURL(/\/underProduction$/);
  await expect(leaving).toHaveCount(0);
});
