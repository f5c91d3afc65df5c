import { test, expect, logIn } from "./fixtures.ts";

const out = "/tmp/shots";
test("screenshots of the style order", async ({ page }) => {
  await page.goto(`/styleOrdering?id=1`);
  await logIn(page, "demo", "demo1234");
  await expect(page.getByTestId("style-order")).toBeVisible();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${out}/o1-top.png` });
  await page.mouse.wheel(0, 800);
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${out}/o2-scrolled.png` });
  await page.getByRole("button", { name: "Buy", exact: true }).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/o3-buy-refused.png` });
  await page.goto(`/styleOrdering?id=5`);
  await page.waitForTimeout(1500);
  await page.mouse.wheel(0, 1400);
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${out}/o4-hostile.png` });
});
