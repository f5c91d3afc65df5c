import { test, expect, expectAccessible, logIn } from "./fixtures.ts";

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
  expect((await modal.boundingBox())!.width).toBe(480);
  await expect(modal.getByTestId("calc-price")).toHaveText("0.00");
  await expect(modal).toContainText("The price is for reference only");
  await expect(modal.getByLabel("Order method").locator("option:not([disabled])")).toHaveText([
    "Simple Order",
    "Professional Order",
  ]);
  await expectAccessible(page, "[data-testid=calculator-modal]");

  const calculate = modal.getByRole("button", { name: "Calculate" });
  await calculate.click();
  await expect(modal.getByRole("alert")).toHaveText("Please select order type");
  await modal.getByLabel("Order method").selectOption("7");
  await calculate.click();
  await expect(modal.getByRole("alert")).toHaveText("Please select cloth code");
  await expect(modal.getByLabel("Category").locator("option:not([disabled])")).toHaveCount(6);
  await modal.getByLabel("Category").selectOption({ label: "Suit" });
  await calculate.click();
  await expect(modal.getByRole("alert")).toHaveText("Please select fabric code");
  await modal.getByLabel("Fabric number").fill("vb1000");
  await calculate.click();
  await expect(modal.getByRole("alert")).toHaveText("Please select lining code");
  await expect(modal.getByLabel("Lining type").locator("option:not([disabled])")).toHaveText([
    "Full lining",
    "Half lining",
    "Unlined",
  ]);
  await modal.getByLabel("Lining type").selectOption({ label: "Full lining" });

  const priced = page.waitForResponse((r) => r.url().endsWith("/api/pc/membercost/calculatePrice"));
  await calculate.click();
  const body = (await (await priced).json()) as { code: number; data: { price: string; moneyType: string } };
  expect(body.code).toBe(0);
  // Suit, simple order: make 220.00 + full lining 35.00 + 3.5 m of VB1000 at 8.00/m = 283.00
  expect(body.data).toEqual({ price: "283.00", moneyType: "USD" });
  await expect(modal.getByTestId("calc-price")).toHaveText("283.00 USD");

  // A fabric that does not exist: the server's message, and the price goes back to 0.00.
  await modal.getByLabel("Fabric number").fill("NOPE-1");
  await calculate.click();
  await expect(modal.getByRole("alert")).toHaveText("Fabric NOPE-1 does not exist");
  await expect(modal.getByTestId("calc-price")).toHaveText("0.00");
});
