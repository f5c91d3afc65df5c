import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, toast } from "./fixtures.ts";
import { ok, signInFresh } from "./cart.ts";
import { recordFlowWalks } from "./flowWalks.ts";

recordFlowWalks(test, ["shipmentCreation"]);

/**
 * Issue 23, shipments in Chromium: a fresh account with finished orders (a test hook: no clock to wait
 * for, no other test's orders) ships three of them from the order list with the default date and its
 * default address, follows the shipment in the list and its details, and deletes a second shipment:
 * its order can be added again. axe scans of the dialog, the list and the details, in English and Chinese.
 */
const dialog = (page: Page) => page.getByTestId("shipment-dialog");

/** An address of the account (the addresses spec adds one through the form; here the API suffices). */
async function addAddress(page: Page, contact = "Hans Müller") {
  const [payment] = await ok<Array<{ id: number }>>(page, "GET", "/api/pc/dictbasic/list?category=2&parentId=0");
  const [type] = await ok<Array<{ id: number }>>(page, "GET", "/api/pc/dictbasic/list?category=3&parentId=0");
  const dhl = (await ok<Array<{ id: number; code: string }>>(page, "GET", "/api/pc/expressdict/list")).find(
    (e) => e.code === "DHL",
  )!;
  await ok(page, "POST", "/api/pc/address", {
    express: dhl.id,
    expressType: type!.id,
    contact,
    phone: "+49 89 1234 5678",
    countryCode: "DE",
    provinceCode: "DE-BY",
    city: "Munich",
    address: "Maximilianstraße 12",
    zipcode: "80539",
    payType: payment!.id,
    taxType: payment!.id,
  });
}

/** From the order list: the orders chosen, Add to shipment, then the dialog's three steps with its defaults. */
async function ship(page: Page, codes: readonly string[]) {
  await page.goto("/underProduction");
  for (const code of codes) await page.getByRole("checkbox", { name: `Select order ${code}` }).check();
  await page.getByRole("button", { name: "Add to shipment" }).click();
  await expect(dialog(page).getByTestId("shipment-step")).toHaveText("1. Orders");
  for (const code of codes) await expect(dialog(page).getByTestId("shipment-orders")).toContainText(code);
  await dialog(page).getByRole("button", { name: "Next" }).click();
  await expect(dialog(page).getByTestId("shipment-step")).toHaveText("2. Date, address and note");
  // the default ship date and the default address are filled in
  await expect(dialog(page).getByLabel("Ship date")).not.toHaveValue("");
  await expect(dialog(page).getByRole("radio", { checked: true })).toHaveCount(1);
  await dialog(page).getByRole("button", { name: "Next" }).click();
  await expect(dialog(page).getByTestId("shipment-review")).toContainText("Hans Müller");
  await dialog(page).getByRole("button", { name: "Create the shipment" }).click();
  await expect(dialog(page)).toBeHidden();
}

test("SHIP-001 SHIP-003 SHIP-007 SHIP-022 three finished orders shipped with the default date; the list, the details; a deleted shipment frees its order", async ({
  page,
}) => {
  await signInFresh(page);
  const codes = await ok<string[]>(page, "POST", "/api/__test/finishedOrders", { count: 4 });
  await addAddress(page);

  await ship(page, codes.slice(0, 3));
  await ship(page, codes.slice(3));

  // SHIP-001: the list with its keyword search and its filter; SHIP-003: sizes 20/40/60/80
  await page.goto("/shipment");
  const cards = page.getByTestId("shipment-card");
  await expect(cards).toHaveCount(2);
  await expect(page.getByRole("search")).toBeVisible();
  await expect(page.getByLabel("Status")).toBeVisible();
  await page.locator("#shipment-page-size").click();
  await expect(page.getByRole("option")).toHaveText(["20", "40", "60", "80"]);
  await page.keyboard.press("Escape");
  await page.getByLabel("Shipment, waybill, contact or order").fill(codes[3]!);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(cards).toHaveCount(1);
  await expectAccessible(page);

  // SHIP-007: the details at ./shipmentDetails?id=
  await page.getByLabel("Shipment, waybill, contact or order").fill(codes[0]!);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  // one card before and after this search: wait for the card of the new answer, not the count
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(codes[0]!);
  await cards.first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/shipmentDetails\?id=\d+$/);
  const details = page.getByTestId("shipment-details");
  for (const code of codes.slice(0, 3)) await expect(details).toContainText(code);
  await expect(page.getByTestId("shipment-address")).toContainText("Hans Müller");
  await expectAccessible(page);

  // issue 23: the packing list downloads from the details
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download the packing list" }).click();
  expect((await download).suggestedFilename()).toMatch(/^SH\d+-packing-list\.pdf$/);

  // issue 23: the shipment's address edited from its details; the page shows the new copy
  await addAddress(page, "Anna Schmidt");
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await expect(dialog(page).getByTestId("shipment-step")).toHaveText("1. Orders");
  await dialog(page).getByRole("button", { name: "Next" }).click();
  await dialog(page)
    .getByRole("radio", { name: /Anna Schmidt/ })
    .check();
  await dialog(page).getByRole("button", { name: "Next" }).click();
  await expect(dialog(page).getByTestId("shipment-review")).toContainText("Anna Schmidt");
  await dialog(page).getByRole("button", { name: "Save the shipment" }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByTestId("shipment-address")).toContainText("Anna Schmidt");

  // SHIP-022: deleting asks for confirmation; the order is free again
  await page.goto("/shipment");
  const lone = cards.filter({ hasText: codes[3]! });
  await lone.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Its orders can be added to another shipment again.");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "success")).toBeVisible();
  await expect(cards).toHaveCount(1);
  await page.goto("/underProduction");
  await expect(page.getByRole("checkbox", { name: `Select order ${codes[3]}` })).toBeEnabled();

  // Chinese
  await page.getByRole("button", { name: "中文" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await page.goto("/shipment");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("发货记录");
  await expectAccessible(page);
});
