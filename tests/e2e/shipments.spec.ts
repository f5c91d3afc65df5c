import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, toast } from "./fixtures.ts";
import { ok, signInFresh } from "./cart.ts";
import { recordFlowWalks } from "./flowWalks.ts";

recordFlowWalks(test, ["shipmentCreation"]);

/**
 * Issue 23, shipments in Chromium: a fresh account with finished orders (a test hook: no clock to wait
 * for, no other test's orders) ships three of them from the order list with the default date and its
 * default address, follows the shipment in the list and its details, and deletes a second shipment:
 * its order can be added again; then the first parcel is followed (a test hook moves this account's
 * carrier clock): its waybill linked to the carrier's tracking page and its tracking events. axe scans of
 * the dialog, the list and the details, in English and Chinese.
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

test("SHIP-001 SHIP-002 SHIP-003 SHIP-007 SHIP-008 SHIP-009 SHIP-022 SHIP-024 SHIP-031 three finished orders shipped with the default date; the list, the details; a deleted shipment frees its order; the parcel followed", async ({
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
  await expect(cards.first()).toContainText(codes[3]!);
  await expectAccessible(page);

  // SHIP-007: the details at ./shipmentDetails?id=
  await page.getByLabel("Shipment, waybill, contact or order").fill(codes[0]!);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  // one card before and after this search: wait for the card of the new answer, not the count. The card
  // names two of its three orders and "and 1 more order", so the new card is known by what it no longer
  // holds (the previous search's codes[3]) and by its "1 more"; the details below list all three.
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).not.toContainText(codes[3]!);
  await expect(cards.first()).toContainText("and 1 more order");
  // SHIP-002: the card shows only 2 of its 3 orders
  const cardText = (await cards.first().textContent()) ?? "";
  expect(codes.slice(0, 3).filter((code) => cardText.includes(code))).toHaveLength(2);
  await cards.first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/shipmentDetails\?id=\d+$/);
  const shipmentId = Number(new URL(page.url()).searchParams.get("id"));
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
  // SHIP-031: the addable orders come 10 a page, with a size changer
  await dialog(page).getByRole("button", { name: "Add more orders" }).click();
  await expect(dialog(page).getByTestId("shipment-step")).toHaveText("1. Add orders");
  await expect(dialog(page).locator("#addable-page-size")).toHaveText("10");
  await dialog(page).locator("#addable-page-size").click();
  await expect(page.getByRole("option")).toHaveText(["10", "20", "30", "40"]);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("option")).toHaveCount(0);
  await dialog(page).getByRole("button", { name: "Back" }).click();
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

  // SHIP-008 SHIP-024 SHIP-009: follow the parcel. The carrier's clock moves this account's parcels only (a
  // test hook: no waiting, other specs' parcels untouched): packed, left on its ship date, tracked twice.
  const { shipdate } = await ok<{ shipdate: string }>(page, "GET", `/api/pc/shipping/${shipmentId}`);
  await ok(page, "POST", "/api/__test/advanceShipments", { at: `${shipdate}T12:00:00Z`, steps: 4 });
  const moved = await ok<{ waybillNo: string; trackList: Array<{ ftime: string; context: string }> }>(
    page,
    "GET",
    `/api/pc/shipping/${shipmentId}`,
  );
  expect(moved.trackList).toHaveLength(3);
  await page.goto(`/shipmentDetails?id=${shipmentId}`);
  // the waybill links to the carrier's tracking page (only the shipped parcel has one)
  const waybill = page.getByTestId("shipment-waybill").getByRole("link", { name: moved.waybillNo });
  await expect(waybill).toHaveAttribute(
    "href",
    `https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=${moved.waybillNo}`,
  );
  await expect(waybill).toHaveAttribute("target", "_blank");
  // the tracking events, newest first, each its time and its text
  await expect(page.getByTestId("shipment-tracking").getByRole("listitem")).toHaveText(
    moved.trackList.map((e) => `${e.ftime} · ${e.context}`),
  );
  await expect(page.getByTestId("shipment-details").locator("[data-style]").first()).toHaveAttribute(
    "data-style",
    "plain",
  );
  // a parcel on its way is no longer edited
  await expect(page.getByRole("button", { name: "Edit", exact: true })).toHaveCount(0);
  await expectAccessible(page);

  // Chinese
  await page.getByRole("button", { name: "中文" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await page.goto("/shipment");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("发货记录");
  await expectAccessible(page);
});
