import type { Locator, Page } from "@playwright/test";
import { test, expect, expectAccessible, logIn } from "./fixtures.ts";

/** Opens a select (the listbox of a Radix Select) and returns its options. */
async function optionsOf(page: Page, select: Locator): Promise<Locator> {
  await select.click();
  const listbox = page.getByRole("listbox");
  await expect(listbox).toBeVisible();
  return listbox.getByRole("option");
}

/** Picks an option of a select by its name; the list closes. */
async function choose(page: Page, select: Locator, name: string) {
  await (await optionsOf(page, select)).getByText(name, { exact: true }).click();
  await expect(page.getByRole("listbox")).toBeHidden();
  await expect(select).toHaveText(name);
}

test("SHELL-092 SHELL-093 SHELL-094 SHELL-095 SHELL-096 SHELL-097 SHELL-115 SHELL-116 SHELL-117 SHELL-118 SHELL-123 SHELL-124 the calculator checks its fields in order and shows the server's price", async ({
  page,
}) => {
  await page.goto("/");
  // A visitor is asked to log in first.
  await page.getByRole("button", { name: "Price calculator" }).click();
  await expect(page.getByTestId("login-modal")).toContainText("Please log in first");
  await logIn(page, "demo", "demo1234");

  await page.getByRole("button", { name: "Price calculator" }).click();
  const modal = page.getByTestId("calculator-modal");
  await expect(modal).toBeVisible();
  expect((await modal.boundingBox())!.width).toBe(480);
  await expect(modal.getByTestId("calc-price")).toHaveText("0.00");
  await expect(modal).toContainText("The price is for reference only");
  await expectAccessible(page, "[data-testid=calculator-modal]");
  await expect(await optionsOf(page, modal.getByLabel("Order method"))).toHaveText([
    "Simple Order",
    "Professional Order",
  ]);
  await expectAccessible(page, "[role=listbox]");
  await page.keyboard.press("Escape");

  const calculate = modal.getByRole("button", { name: "Calculate" });
  await calculate.click();
  await expect(modal.getByRole("alert")).toHaveText("Please select order type");
  await choose(page, modal.getByLabel("Order method"), "Simple Order");
  await calculate.click();
  await expect(modal.getByRole("alert")).toHaveText("Please select cloth code");
  await expect(await optionsOf(page, modal.getByLabel("Category"))).toHaveCount(6);
  await page.keyboard.press("Escape");
  await choose(page, modal.getByLabel("Category"), "Suit");
  await calculate.click();
  await expect(modal.getByRole("alert")).toHaveText("Please select fabric code");
  await modal.getByLabel("Fabric number").fill("vb1000");
  await calculate.click();
  await expect(modal.getByRole("alert")).toHaveText("Please select lining code");
  await expect(await optionsOf(page, modal.getByLabel("Lining type"))).toHaveText([
    "Full lining",
    "Half lining",
    "Unlined",
  ]);
  await page.keyboard.press("Escape");
  await choose(page, modal.getByLabel("Lining type"), "Full lining");

  const priced = page.waitForResponse((r) => r.url().endsWith("/api/pc/membercost/calculatePrice"));
  await calculate.click();
  const body = (await (await priced).json()) as { code: number; data: { price: string; moneyType: string } };
  expect(body.code).toBe(0);
  // Suit, simple order: make 220.00 + full lining 35.00 + 3.5 m of VB1000 at 8.00/m = 283.00
  expect(body.data).toEqual({ price: "283.00", moneyType: "USD" });
  await expect(modal.getByTestId("calc-price")).toHaveText("USD 283.00");

  // A fabric that does not exist: the server's message, and the price goes back to 0.00.
  await modal.getByLabel("Fabric number").fill("NOPE-1");
  await calculate.click();
  await expect(modal.getByRole("alert")).toHaveText("Fabric NOPE-1 does not exist");
  await expect(modal.getByTestId("calc-price")).toHaveText("0.00");
});
