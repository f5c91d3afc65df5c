import { expect, expectAccessible, logIn, test } from "./fixtures.ts";
import { ok } from "./cart.ts";
import { steps } from "./orderEntry.ts";

/**
 * Issue 12: buy again of a delivered order as its remake, in Chromium against the real server and the
 * seeded order history of demo (finished simple orders). The test adds one order to demo's cart.
 */
interface Row {
  orderId: string;
  orderCode: string;
  orderType: number;
  clothCategory: number;
}

test("PROD-008 issue 12: a finished order bought again as a remake in a new tab; both orders' details link to each other", async ({
  page: listPage,
}) => {
  let page = listPage;
  await page.goto("/");
  await logIn(page, "demo", "demo1234");
  const finished = await ok<Row[]>(page, "GET", "/api/pc/order/getOrderCartList?type=2&pageSize=80&status=10370");
  const original = finished.find((row) => row.orderType === 7)!;
  expect(original).toBeDefined();
  await page.goto(`/underProduction?status=10370&orderNum=${original.orderCode}`);
  const row = page.getByTestId("production-table").getByRole("row").filter({ hasText: original.orderCode });
  await row.getByRole("button", { name: `Buy order ${original.orderCode} again` }).click();

  const dialog = page.getByTestId("buy-again-dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("checkbox", { name: `This is a remake of ${original.orderCode}` }).click();
  const reason = dialog.getByRole("textbox", { name: "Reason of the remake" });
  await expect(reason).toHaveAttribute("maxlength", "200");
  await expect(dialog).toContainText("0 / 200 characters");
  // an empty reason is refused: the message under the field, the field focused, still on the list
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog).toContainText("The reason of the remake cannot be empty");
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/underProduction/);
  await expectAccessible(page, "[data-testid=buy-again-dialog]");

  await reason.fill("Sleeves too short");
  await expect(dialog).toContainText("17 / 200 characters");
  // PROD-008: the new order opens in a new tab, signed in, the remake in its address; the list stays
  const opened = page.context().waitForEvent("page");
  await dialog.getByRole("button", { name: "Continue" }).click();
  const list = page;
  page = await opened;
  await expect(page).toHaveURL(/\/newOrder\?.*remakeOf=/);
  await expect(page.getByTestId("remake-banner")).toHaveText(`Remake of ${original.orderCode}: Sleeves too short`);
  await expect(list).toHaveURL(/\/underProduction/);
  await expect(dialog).toBeHidden();

  // through the steps to Save to cart (the draft names the original and the reason: its details show it)
  const next = page.getByRole("button", { name: "Next" });
  for (let i = 0; i < 3; i++) await next.click();
  // the seeded history keeps no customer details: the copy is completed here (PROD-015's point)
  await expect(steps(page).nth(3)).toHaveAttribute("aria-current", "step");
  await page.getByLabel("Nickname").fill("Sam");
  await page.getByRole("textbox", { name: "Height" }).fill("180");
  await page.getByRole("textbox", { name: "Weight" }).fill("80");
  await page.getByRole("radio", { name: "Male", exact: true }).check();
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/pc/order/saveOrder"));
  await page.getByRole("button", { name: "Save to cart" }).click();
  const response = await saved;
  const body = (await response.json()) as { code: number; data: { orderId: string; orderCode: string } };
  expect(body.code).toBe(0);
  const copy = body.data;

  // the new order's details name the original, and the original's details link back
  await page.goto(`/orderDetails?orderId=${copy.orderId}`);
  const remakeOf = page.getByTestId("details-remake");
  await expect(remakeOf).toContainText(`Remake of ${original.orderCode}`);
  await expect(remakeOf).toContainText("Sleeves too short");
  await remakeOf.getByRole("link", { name: original.orderCode }).click();
  await expect(page).toHaveURL(new RegExp(`/orderDetails\\?orderId=${original.orderId}$`));
  await expect(page.getByTestId("details-remake").getByRole("link", { name: copy.orderCode })).toHaveAttribute(
    "href",
    `/orderDetails?orderId=${copy.orderId}`,
  );
  // the details page offers the same buy again as a remake
  await page.getByRole("button", { name: `Buy order ${original.orderCode} again` }).click();
  await expect(
    page.getByTestId("buy-again-dialog").getByRole("checkbox", { name: `This is a remake of ${original.orderCode}` }),
  ).toBeVisible();
});

test("PROD-008 issue 12: an order that is not delivered is bought again in a new tab without the remake dialog", async ({
  page,
}) => {
  await page.goto("/");
  await logIn(page, "demo", "demo1234");
  const submitted = await ok<Row[]>(page, "GET", "/api/pc/order/getOrderCartList?type=2&pageSize=80&status=10030");
  // a simple order (type 7): its order entry opens on step 1 with Next
  const inProduction = submitted.find((row) => row.orderType === 7);
  expect(inProduction).toBeDefined();
  await page.goto(`/underProduction?orderNum=${inProduction!.orderCode}`);
  const row = page.getByTestId("production-table").getByRole("row").filter({ hasText: inProduction!.orderCode });
  const link = row.getByRole("link", { name: `Buy order ${inProduction!.orderCode} again` });
  await expect(link).toHaveAttribute("href", /orderType=buyagain/);
  // PROD-008: the plain link opens the order entry in a new tab, which the session signs in
  await expect(link).toHaveAttribute("target", "_blank");
  // with an opener: the session of a sign-in without "remember me" (sessionStorage) reaches the new tab
  await expect(link).toHaveAttribute("rel", "opener");
  const opened = page.context().waitForEvent("page");
  await link.click();
  const tab = await opened;
  await expect(tab.getByRole("button", { name: "Next" })).toBeVisible();
  // signed in: the order entry stays open (a visitor is sent to / to sign in)
  await expect(tab).toHaveURL(/\/newOrder\?.*orderType=buyagain/);
  await expect(page).toHaveURL(/\/underProduction/);
  await expect(page.getByTestId("buy-again-dialog")).toHaveCount(0);
});
