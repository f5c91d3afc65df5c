import type { Page } from "@playwright/test";
import { expect, expectAccessible, recordToasts, test, toast, toastsSaid } from "./fixtures.ts";
import { ok, signInFresh } from "./cart.ts";

/**
 * Issue 23, delivery addresses in Chromium (ADDR-001..022): a fresh account adds an address in a country
 * without states (the state and city are typed), adds a second one, sets it as the default, reads and
 * edits an address, deletes one with confirmation; axe scans of the page and of each modal, in English
 * and in Chinese.
 */
const cards = (page: Page) => page.getByTestId("address-card");
const card = (page: Page, text: string) => cards(page).filter({ hasText: text });
const dialog = (page: Page) => page.getByTestId("address-dialog");

async function choose(page: Page, field: string, option: string) {
  await dialog(page).getByRole("combobox", { name: field, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("ADDR-001 ADDR-002 ADDR-003 ADDR-004 ADDR-005 ADDR-006 ADDR-008 ADDR-021 ADDR-022 add in a country without states, set default, edit, delete; en and zh", async ({
  page,
}) => {
  await recordToasts(page);
  await signInFresh(page);
  await page.goto("/deliveryAddress");
  await expect(page.getByRole("heading", { name: "Delivery addresses" })).toBeVisible();
  // ADDR-001: the add card (no address yet)
  await expect(cards(page)).toHaveCount(0);
  await expectAccessible(page);

  // ADDR-002, ADDR-004: the full-screen modal, two tabs
  await page.getByRole("button", { name: "Add address" }).click();
  await expect(dialog(page).getByRole("heading", { name: "Add address" })).toBeVisible();
  await expect(dialog(page).getByRole("tab", { name: "Contacts information" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(dialog(page).getByRole("tab", { name: "Express information" })).toBeVisible();
  await expectAccessible(page, "[data-testid=address-dialog]");

  // ADDR-022: Save with nothing filled: a message under every required field, the first focused
  await dialog(page).getByRole("button", { name: "Save" }).click();
  const contact = dialog(page).getByRole("textbox", { name: "Contact", exact: true });
  await expect(contact).toBeFocused();
  await expect(contact).toHaveAttribute("aria-invalid", "true");
  await expect(dialog(page).getByText("Please enter the contact")).toBeVisible();
  await expect(dialog(page).getByText("Please enter the zip code")).toBeVisible();
  // recorded: the toast closes after 4 s, which the four steps above may take on a loaded machine
  await expect
    .poll(() => toastsSaid(page, "error"))
    .toContainEqual(expect.stringContaining("Please enter the contact"));
  await expectAccessible(page, "[data-testid=address-dialog]");

  // ADDR-021: France has no states: the state and the city are typed
  await contact.fill("Claire <b>Dupont</b>");
  await dialog(page).getByRole("textbox", { name: "Phone", exact: true }).fill("+33 1 42 68 53 00");
  await choose(page, "Country", "France");
  await dialog(page).getByRole("textbox", { name: "State", exact: true }).fill("Île-de-France");
  await dialog(page).getByRole("textbox", { name: "City", exact: true }).fill("Paris");
  await dialog(page).getByRole("textbox", { name: "Address 1", exact: true }).fill("24 Rue du Faubourg Saint-Honoré");
  await dialog(page).getByRole("textbox", { name: "Zip code", exact: true }).fill("75008");
  // the express tab is still to fill: Save opens it and focuses its first refused field
  await dialog(page).getByRole("button", { name: "Save" }).click();
  await expect(dialog(page).getByRole("tab", { name: "Express information" })).toHaveAttribute("aria-selected", "true");
  await expect(dialog(page).getByRole("combobox", { name: "Express company" })).toBeFocused();
  await expect(dialog(page).getByText("Please choose the tariff payment method")).toBeVisible();
  await choose(page, "Express company", "La Poste Colissimo");
  await choose(page, "Express type", "Express (1-3 working days)");
  await choose(page, "Payment method", "Sender pays");
  await choose(page, "Tariff payment method", "Receiver pays");
  await dialog(page).getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "success").filter({ hasText: "Address saved" })).toBeVisible();
  await expect(dialog(page)).toBeHidden();
  // the first address is the default; HTML typed is shown as text
  const paris = card(page, "Claire <b>Dupont</b>");
  await expect(paris).toContainText("Paris, Île-de-France, 75008");
  await expect(paris).toContainText("France");
  await expect(paris.getByText("Default", { exact: true })).toBeVisible();

  // a second address (through the API), then ADDR-008: it becomes the default
  const [payment] = await ok<Array<{ id: number }>>(page, "GET", "/api/pc/dictbasic/list?category=2&parentId=0");
  const [type] = await ok<Array<{ id: number }>>(page, "GET", "/api/pc/dictbasic/list?category=3&parentId=0");
  const dhl = (await ok<Array<{ id: number; code: string }>>(page, "GET", "/api/pc/expressdict/list")).find(
    (e) => e.code === "DHL",
  )!;
  /** An address in Munich, sent with DHL, added through the API. */
  const addMunich = (contact: string, phone: string, address: string, zipcode: string) =>
    ok<{ id: number }>(page, "POST", "/api/pc/address", {
      express: dhl.id,
      expressType: type!.id,
      contact,
      phone,
      countryCode: "DE",
      provinceCode: "DE-BY",
      city: "Munich",
      address,
      zipcode,
      payType: payment!.id,
      taxType: payment!.id,
    });
  await addMunich("Hans Müller", "+49 89 1234 5678", "Maximilianstraße 12", "80539");
  // a card whose address another tab has deleted: Set as default is refused with a message, and the keyboard
  // stays on the button the user pressed (a disabled button while the call ran dropped it to the page)
  const depot = await addMunich("Old Depot", "+49 89 0000 0000", "Lagerstraße 1", "80339");
  await page.reload();
  await ok(page, "DELETE", `/api/pc/address?id=${depot.id}`);
  const stale = card(page, "Old Depot").getByRole("button", { name: "Set as default" });
  await stale.focus();
  await page.keyboard.press("Enter");
  await expect(toast(page, "error")).toBeVisible();
  await expect(stale).toBeFocused();
  await expect(stale).toBeEnabled();
  await page.reload();
  const munich = card(page, "Hans Müller");
  await expect(munich).toContainText("Munich, Bavaria, 80539");
  // each card's buttons are described by its name ("Set as default", "Hans Müller")
  await expect(munich.getByRole("button", { name: "Set as default" })).toHaveAccessibleDescription("Hans Müller");
  await expect(paris.getByRole("button", { name: "Edit" })).toHaveAccessibleDescription("Claire <b>Dupont</b>");
  await munich.getByRole("button", { name: "Set as default" }).click();
  await expect(toast(page, "success").filter({ hasText: "Default address set" })).toBeVisible();
  // the button is gone with the change: the keyboard stays on the card, at its name
  await expect(munich.getByRole("heading", { name: "Hans Müller" })).toBeFocused();
  await expect(munich.getByText("Default", { exact: true })).toBeVisible();
  await expect(paris.getByText("Default", { exact: true })).toHaveCount(0);
  await expect(cards(page).first()).toContainText("Hans Müller");
  // the default is marked where the other cards offer Set as default; each card's Details, Edit and Delete
  // share one row (four buttons in a row wrapped Delete onto a line of its own)
  await expect(munich.getByRole("button", { name: "Set as default" })).toHaveCount(0);
  await expect(paris.getByRole("button", { name: "Set as default" })).toBeVisible();
  for (const each of await cards(page).all()) {
    const tops = await each
      .getByRole("button", { name: /^(Details|Edit|Delete)$/ })
      .evaluateAll((buttons) => buttons.map((button) => Math.round(button.getBoundingClientRect().top)));
    expect(tops).toHaveLength(3);
    expect(new Set(tops).size, "the actions in one row").toBe(1);
  }

  // ADDR-003: details are read-only with an edit button; ADDR-005: edit
  await paris.getByRole("button", { name: "Details" }).click();
  await expect(dialog(page).getByRole("heading", { name: "Address details" })).toBeVisible();
  await expect(dialog(page).getByRole("textbox")).toHaveCount(0);
  await dialog(page).getByRole("tab", { name: "Express information" }).click();
  await expect(dialog(page)).toContainText("La Poste Colissimo");
  await expectAccessible(page, "[data-testid=address-dialog]");
  await dialog(page).getByRole("button", { name: "Edit" }).click();
  await expect(dialog(page).getByRole("heading", { name: "Edit address" })).toBeVisible();
  await dialog(page).getByRole("tab", { name: "Contacts information" }).click();
  await expect(dialog(page).getByRole("textbox", { name: "State", exact: true })).toHaveValue("Île-de-France");
  await dialog(page).getByRole("textbox", { name: "Contact", exact: true }).fill("Claire Dupont");
  await dialog(page).getByRole("textbox", { name: "Zip code", exact: true }).fill("75001");
  await dialog(page).getByRole("button", { name: "Save" }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(card(page, "Claire Dupont")).toContainText("Paris, Île-de-France, 75001");

  // ADDR-006: delete asks first; cancel keeps it, confirm removes it
  await card(page, "Claire Dupont").getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Delete the address of Claire Dupont?");
  await expectAccessible(page, "[role=alertdialog]");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(cards(page)).toHaveCount(2);
  await card(page, "Claire Dupont").getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "success").filter({ hasText: "Address deleted" })).toBeVisible();
  await expect(cards(page)).toHaveCount(1);

  // Chinese: the page and the modal
  await page.evaluate(() => localStorage.setItem("locale", "zh"));
  await page.reload();
  await expect(page.getByRole("heading", { name: "收货地址" })).toBeVisible();
  await expect(cards(page).first()).toContainText("巴伐利亚州");
  await expectAccessible(page);
  await page.getByRole("button", { name: "新增地址" }).click();
  await expect(dialog(page).getByRole("tab", { name: "联系人信息" })).toBeVisible();
  await dialog(page).getByRole("button", { name: "保存" }).click();
  await expect(dialog(page).getByText("请输入联系人")).toBeVisible();
  await expectAccessible(page, "[data-testid=address-dialog]");
});
