/**
 * The style order (`/styleOrdering?id=`, order type 10) in Chromium against the real server and its
 * seeded style catalogue (server/db/catalogue/styles.ts): a style opened by id, bought with a customer
 * and measurements, saved to the cart (read back through getOrderInfo: the saved-items page is not
 * built yet) and another submitted, the balance debited by exactly its price; the sanitised
 * description of a style whose HTML carries a script, an onerror attribute and a javascript: link;
 * an axe scan of each step; and a style found by search on /styleProduct, opened in a new tab, bought
 * and saved (the saved-items page is not built yet: the order is read back through getOrderInfo).
 */
import type { Page } from "@playwright/test";
import { test, expect, expectAccessible, pageAccessToken, startSignedIn } from "./fixtures.ts";
import { apiData, balanceCents, fillMeasurementList, storedOrder } from "./orderEntry.ts";
import { signInFresh, toCents } from "./cart.ts";
import { moneyText } from "./money.ts";
import { HOSTILE_PROPERTY_STYLE_IDS } from "../../server/db/catalogue/styles.ts";

/** Style 1: a two-piece business suit (jacket in 3000, trousers in 2000); its jacket's Lapel is required with no default. */
const SUIT_STYLE = 1;
/** The trousers' garment category: the suit's measurement list holds their parts (server/db/catalogue/measurements.ts). */
const TROUSERS = 2000;

const steps = (page: Page) => page.getByRole("list", { name: "Steps" }).getByRole("listitem");
const atStep = (page: Page, index: number) => expect(steps(page).nth(index)).toHaveAttribute("aria-current", "step");
const alert = (page: Page) => page.getByRole("alert").filter({ has: page.getByRole("button", { name: "Dismiss" }) });

interface StyleDetail {
  styleName: string;
  deliveryDays: number;
  currency: string;
  chooseFabric: string;
  styleInfoList: Array<{
    id: number;
    clothCategory: number;
    styleName: string;
    styleCode: string;
    styleCraftList: Array<{
      id: number;
      name: string;
      type: number;
      price: string;
      chooseContent: string;
      model: string;
    }>;
  }>;
}

/**
 * Signs in on `/styleOrdering?id=<style>` and waits for step 1: as demo, or (`fresh`) as a fresh funded
 * account whose balance no other spec spends.
 */
async function openStyle(page: Page, styleId = SUIT_STYLE, { fresh = false } = {}) {
  if (fresh) {
    await signInFresh(page, 1_000_000);
    await page.goto(`/styleOrdering?id=${styleId}`);
  } else await startSignedIn(page, `/styleOrdering?id=${styleId}`);
  await expect(page.getByTestId("style-order")).toBeVisible();
  await atStep(page, 0);
}

/** Step 1: a fabric of the style and a value for every required craft without one; then Buy. */
async function buy(page: Page, style: StyleDetail) {
  const fabric = style.chooseFabric.split(",")[1]!.trim();
  const priced = page.waitForResponse((r) => /\/api\/pc\/style\/\d+\/calculatePrice/.test(r.url()));
  await page.getByRole("combobox", { name: "Fabric", exact: true }).selectOption(fabric);
  const price = ((await (await priced).json()) as { data: string }).data;
  await expect(page.getByTestId("style-price-amount")).toHaveText(moneyText(toCents(price), style.currency));
  for (const piece of style.styleInfoList)
    for (const craft of piece.styleCraftList)
      if (craft.type === 2 && !craft.model) {
        const input = page.locator(`[data-field="style.craft.${piece.id}.${craft.id}"]`);
        if (craft.chooseContent) await input.selectOption(craft.chooseContent.split(",")[0]!);
        else await input.fill("J. Smith 2026");
      }
  const bought = page.waitForResponse((r) => r.url().endsWith("/api/pc/style/buy"));
  await page.getByRole("button", { name: "Buy", exact: true }).click();
  expect(((await (await bought).json()) as { code: number }).code).toBe(0);
  await atStep(page, 1);
  return { fabric };
}

/** SO-016: step 3 heads a further piece of the style with the style's own piece name and style code. */
const pieceHeading = (piece: StyleDetail["styleInfoList"][number]) => `${piece.styleName} (${piece.styleCode})`;

/** Step 2: the customer (SO-019..022); step 3: the measurements of the jacket and the style's further pieces. */
async function customerAndMeasurements(page: Page, style: StyleDetail) {
  await page.getByLabel("Customer name").fill("Style Customer");
  await page.getByLabel("Nickname").fill("Style");
  await page.locator("#qo-height").fill("182");
  await page.locator("#qo-weight").fill("78");
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await atStep(page, 2);
  await fillMeasurementList(page);
  // issue 20 §7: each measurement is asked once: the suit's list holds the trousers' (they have no list of
  // their own); a waistcoat asks only what the suit's list does not (its front and back length)
  const asked = await page
    .getByTestId("size-body")
    .getByRole("textbox")
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).labels?.[0]?.textContent ?? ""));
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.filter((name, i) => asked.indexOf(name) !== i)).toEqual([]);
  for (const piece of style.styleInfoList.slice(1)) {
    const heading = page.getByRole("heading", { name: pieceHeading(piece), exact: true });
    if (piece.clothCategory === TROUSERS) await expect(heading).toHaveCount(0);
    else {
      await expect(heading).toBeVisible();
      await fillMeasurementList(page, pieceHeading(piece));
    }
  }
  // the add-product's name no longer heads them
  await expect(page.getByRole("heading", { name: "Extra trousers" })).toHaveCount(0);
}

test("SO-002 SO-003 SO-004 SO-006 SO-007 SO-008 SO-009 SO-010 SO-024 a style opened by id shows its pictures, name, delivery days, fabric, a panel per piece with its style code and its crafts priced", async ({
  page,
}) => {
  await openStyle(page);
  const style = await apiData<StyleDetail>(page, `/api/pc/style/detail/${SUIT_STYLE}`);
  const product = page.getByTestId("style-product");
  // SO-002: the carousel with its thumbnails
  const carousel = page.getByTestId("style-carousel");
  await expect(carousel.getByRole("img").first()).toBeVisible();
  await expect(carousel.getByRole("list", { name: "Thumbnails" }).getByRole("button").first()).toHaveAttribute(
    "aria-current",
    "true",
  );
  // SO-003, SO-004
  await expect(product.getByRole("heading", { level: 2 })).toHaveText(style.styleName);
  await expect(page.getByTestId("style-delivery")).toHaveText(`Delivery in ${style.deliveryDays} days`);
  // SO-006: the style's fabrics
  const options = await page.getByRole("combobox", { name: "Fabric", exact: true }).locator("option").allTextContents();
  expect(options.slice(1)).toEqual(style.chooseFabric.split(",").map((f) => f.trim()));
  // SO-007, SO-008, SO-009: per piece a panel with its style code, each craft with its price in the style's currency
  for (const piece of style.styleInfoList) {
    const header = page.getByRole("button", { name: new RegExp(`^${piece.styleName} Style code: ${piece.styleCode}`) });
    await expect(header).toHaveAttribute("aria-expanded", "true");
    for (const craft of piece.styleCraftList) {
      const input = page.locator(`[data-field="style.craft.${piece.id}.${craft.id}"]`);
      await expect(input).toBeVisible();
      expect(await input.evaluate((el) => el.tagName)).toBe(craft.chooseContent ? "SELECT" : "INPUT");
      if (craft.type === 2) await expect(input).toHaveAttribute("aria-required", "true");
      await expect(page.locator(`#so-craft-${piece.id}-${craft.id}-hint`)).toHaveText(
        `Price: ${moneyText(toCents(craft.price), style.currency)}`,
      );
    }
    // SO-007: collapsible
    await header.click();
    await expect(header).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator(`#so-piece-${piece.id}-crafts`)).toBeHidden();
    await header.click();
  }
  // SO-010
  await expect(page.getByRole("button", { name: "Buy", exact: true })).toBeEnabled();
  await expectAccessible(page);
  await page.screenshot({ path: "test-results/style-order-step1.png", fullPage: true });
});

test("SO-009 SO-024 issue 20 §6 switching to Chinese on an open style renames its pieces and crafts and keeps the choices made", async ({
  page,
}) => {
  await openStyle(page);
  const english = await apiData<StyleDetail>(page, `/api/pc/style/detail/${SUIT_STYLE}`);
  const token = await pageAccessToken(page);
  const chinese = await page.evaluate(
    async ({ id, token }) =>
      (
        (await (
          await fetch(`/api/pc/style/detail/${id}`, {
            headers: { Authorization: `Bearer ${token}`, "Accept-Language": "zh-CN" },
          })
        ).json()) as { data: StyleDetail }
      ).data,
    { id: SUIT_STYLE, token },
  );
  // a choice craft and a typed craft, chosen in English
  const [piece] = english.styleInfoList;
  const select = piece!.styleCraftList.find((c) => c.chooseContent)!;
  const typed = english.styleInfoList
    .flatMap((p) => p.styleCraftList.map((c) => ({ p, c })))
    .find(({ c }) => !c.chooseContent);
  const selectField = page.locator(`[data-field="style.craft.${piece!.id}.${select.id}"]`);
  const value = select.chooseContent.split(",").at(-1)!;
  await selectField.selectOption(value);
  const typedField = typed ? page.locator(`[data-field="style.craft.${typed.p.id}.${typed.c.id}"]`) : null;
  await typedField?.fill("J. Smith 2026");

  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  await page.getByRole("button", { name: "中文" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  const zhPiece = chinese.styleInfoList[0]!;
  expect(zhPiece.styleName).toMatch(/[\u4e00-\u9fff]/);
  // the piece's panel and the craft's label in Chinese, read again without leaving the page
  await expect(page.getByRole("button", { name: new RegExp(`^${zhPiece.styleName}`) })).toBeVisible();
  const zhCraft = zhPiece.styleCraftList.find((c) => c.id === select.id)!;
  await expect(page.locator(`label[for="${await selectField.getAttribute("id")}"]`)).toContainText(zhCraft.name);
  // the choices are kept: the same code chosen, shown by its Chinese name; the typed text unchanged
  await expect(selectField).toHaveValue(value);
  await expect(typedField ?? selectField).toHaveValue(typed ? "J. Smith 2026" : value);
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
});

test.describe("with motion", () => {
  // the browser tests ask for less motion (playwright.config.ts); this one is about the autoplay
  test.use({ reducedMotion: "no-preference" });

  test("SO-002 the carousel moves on by itself every 3 s and stops while pointed at", async ({ page }) => {
    await page.clock.install();
    await openStyle(page);
    const thumbs = page.getByTestId("style-carousel").getByRole("list", { name: "Thumbnails" }).getByRole("button");
    expect(await thumbs.count()).toBeGreaterThan(1);
    await expect(thumbs.nth(0)).toHaveAttribute("aria-current", "true");
    await page.clock.runFor(3000);
    await expect(thumbs.nth(1)).toHaveAttribute("aria-current", "true");
    await page.getByTestId("style-carousel").hover();
    await page.clock.runFor(9000);
    await expect(thumbs.nth(1)).toHaveAttribute("aria-current", "true");
    // a thumbnail shows its picture
    await thumbs.nth(0).click();
    await expect(thumbs.nth(0)).toHaveAttribute("aria-current", "true");
  });
});

test("SO-017 SO-018 Buy without a fabric says Please select fabric; then each empty required craft is named Not filled in, its field marked", async ({
  page,
}) => {
  await openStyle(page);
  const style = await apiData<StyleDetail>(page, `/api/pc/style/detail/${SUIT_STYLE}`);
  await page.getByRole("button", { name: "Buy", exact: true }).click();
  await expect(alert(page)).toHaveText(/^Please select fabric/);
  const fabric = page.getByRole("combobox", { name: "Fabric", exact: true });
  await expect(fabric).toHaveAttribute("aria-invalid", "true");
  await expect(fabric).toBeFocused();
  await fabric.selectOption(style.chooseFabric.split(",")[0]!.trim());
  const lapel = style.styleInfoList[0]!.styleCraftList.find((c) => c.type === 2 && !c.model)!;
  // the jacket's panel collapsed: the refusal opens it to show the field
  await page.getByRole("button", { name: new RegExp(`^${style.styleInfoList[0]!.styleName} Style code`) }).click();
  await page.getByRole("button", { name: "Buy", exact: true }).click();
  await expect(alert(page)).toHaveText(new RegExp(`^${lapel.name} Not filled in`));
  const input = page.locator(`[data-field="style.craft.${style.styleInfoList[0]!.id}.${lapel.id}"]`);
  await expect(input).toBeVisible();
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(input).toBeFocused();
  await atStep(page, 0);
  await expectAccessible(page);
});

test("SO-001 SO-011 SO-012 SO-013 SO-014 SO-019 SO-027 a style bought with a customer and measurements is saved to the cart as a type-10 order of the style's pieces", async ({
  page,
}) => {
  await openStyle(page);
  const style = await apiData<StyleDetail>(page, `/api/pc/style/detail/${SUIT_STYLE}`);
  const { fabric } = await buy(page, style);
  // SO-014: Back, and no Save To Cart before the measurements
  await expect(page.getByRole("button", { name: "Back", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save To Cart" })).toHaveCount(0);
  // SO-019: the customer's name first
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(alert(page)).toHaveText(/^Customer name cannot be empty/);
  await expectAccessible(page);
  await page.screenshot({ path: "test-results/style-order-step2.png" });
  // SO-013: back to the product keeps its choices
  await page.getByRole("button", { name: "Back", exact: true }).click();
  await atStep(page, 0);
  await expect(page.getByRole("combobox", { name: "Fabric", exact: true })).toHaveValue(fabric);
  await page.getByRole("button", { name: "Buy", exact: true }).click();
  await atStep(page, 1);
  await customerAndMeasurements(page, style);
  await expectAccessible(page);
  await page.screenshot({ path: "test-results/style-order-step3.png", fullPage: true });
  await expect(page.getByRole("button", { name: "Back", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit", exact: true })).toBeVisible();
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/pc/order/saveOrder"));
  await page.getByRole("button", { name: "Save To Cart" }).click();
  const body = (await (await saved).json()) as { code: number; message: string; data: { orderId: string } };
  expect(body.code, body.message).toBe(0);
  await expect(page).toHaveURL(/\/saveItems$/);
  // The saved-items page is not built yet: the order is read back through getOrderInfo.
  const order = await storedOrder<{
    type: number;
    fabric: string;
    customerName: string;
    detailList: Array<{
      clothCategory: number;
      styleId: number;
      styleInfoId: number;
      sizeList: unknown[];
      styleCraftList: Array<{ styleCraftId: number }>;
    }>;
  }>(page, body.data.orderId);
  expect({ type: order.type, fabric: order.fabric, customer: order.customerName }).toEqual({
    type: 10,
    fabric,
    customer: "Style Customer",
  });
  expect(order.detailList.map((p) => [p.clothCategory, p.styleId, p.styleInfoId])).toEqual(
    style.styleInfoList.map((p) => [p.clothCategory, SUIT_STYLE, p.id]),
  );
  for (const piece of order.detailList) expect(piece.sizeList.length).toBeGreaterThan(0);
  const lapel = style.styleInfoList[0]!.styleCraftList.find((c) => c.type === 2 && !c.model)!;
  expect(order.detailList[0]!.styleCraftList.map((c) => c.styleCraftId)).toContain(lapel.id);
});

test("QO-085 QO-169 D-03 SO-016 a saved style order opened for edit restores its fabric, crafts, customer and measurements; a changed craft is saved into the same order", async ({
  page,
}) => {
  await openStyle(page);
  const style = await apiData<StyleDetail>(page, `/api/pc/style/detail/${SUIT_STYLE}`);
  const { fabric } = await buy(page, style);
  await customerAndMeasurements(page, style);
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/pc/order/saveOrder"));
  await page.getByRole("button", { name: "Save To Cart" }).click();
  const first = (await (await saved).json()) as { code: number; message: string; data: { orderId: string } };
  expect(first.code, first.message).toBe(0);
  await expect(page).toHaveURL(/\/saveItems$/);
  type Stored = {
    fabric: string;
    customerName: string;
    height: number;
    detailList: Array<{
      styleInfoId: number;
      sizeList: Array<{ partId: number; partValue: number | null }>;
      styleCraftList: Array<{ styleCraftId: number; content: string }>;
    }>;
  };
  const before = await storedOrder<Stored>(page, first.data.orderId);
  // a choice craft with another choice to change to
  const [piece, craft] = style.styleInfoList
    .flatMap((p) => p.styleCraftList.map((c) => [p, c] as const))
    .find(([, c]) => c.chooseContent.split(",").length > 1)!;
  const choices = craft.chooseContent.split(",").map((c) => c.trim());
  const savedValue = before.detailList
    .find((p) => p.styleInfoId === piece.id)!
    .styleCraftList.find((c) => c.styleCraftId === craft.id)?.content;
  const changed = choices.find((c) => c !== savedValue)!;

  // D-03: /styleOrdering opens the order (its style named by the order)
  const opened = page.waitForResponse((r) => r.url().includes("/api/pc/order/getOrderInfo"));
  await page.goto(`/styleOrdering?orderId=${first.data.orderId}&orderType=10&type=edit`);
  // QO-169: loaded for an edit
  expect(new URL((await opened).url()).searchParams.get("type")).toBe("edit");
  await atStep(page, 0);
  await expect(page.getByTestId("style-product").getByRole("heading", { level: 2 })).toHaveText(style.styleName);
  await expect(page.getByRole("combobox", { name: "Fabric", exact: true })).toHaveValue(fabric);
  for (const p of before.detailList)
    for (const c of p.styleCraftList)
      await expect(page.locator(`[data-field="style.craft.${p.styleInfoId}.${c.styleCraftId}"]`)).toHaveValue(
        c.content,
      );
  await page.locator(`[data-field="style.craft.${piece.id}.${craft.id}"]`).selectOption(changed);
  await page.getByRole("button", { name: "Buy", exact: true }).click();
  await atStep(page, 1);
  await expect(page.getByLabel("Customer name")).toHaveValue("Style Customer");
  await expect(page.locator("#qo-height")).toHaveValue("182");
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await atStep(page, 2);
  // SO-016: the further pieces keep the style's names; issue 20 §7: the trousers are measured in the suit's list
  await expect(
    page.getByRole("list", { name: "Measurements", exact: true }).getByRole("listitem").first(),
  ).toBeVisible();
  for (const p of style.styleInfoList.slice(1))
    await expect(page.getByRole("heading", { name: pieceHeading(p), exact: true })).toHaveCount(
      p.clothCategory === TROUSERS ? 0 : 1,
    );
  const resaved = page.waitForResponse((r) => r.url().endsWith("/api/pc/order/saveOrder"));
  await page.getByRole("button", { name: "Save To Cart" }).click();
  const second = (await (await resaved).json()) as { code: number; message: string; data: { orderId: string } };
  expect(second.code, second.message).toBe(0);
  // QO-085: the same order, updated
  expect(second.data.orderId).toBe(first.data.orderId);
  await expect(page).toHaveURL(/\/saveItems$/);
  const after = await storedOrder<Stored>(page, first.data.orderId);
  const contentOf = (order: Stored) =>
    order.detailList.map((p) => Object.fromEntries(p.styleCraftList.map((c) => [c.styleCraftId, c.content])));
  const expected = contentOf(before);
  expected[style.styleInfoList.indexOf(piece)]![craft.id] = changed;
  expect(contentOf(after)).toEqual(expected);
  // every other field round-trips
  expect({ fabric: after.fabric, customer: after.customerName, height: after.height }).toEqual({
    fabric: before.fabric,
    customer: before.customerName,
    height: before.height,
  });
  expect(after.detailList.map((p) => p.sizeList)).toEqual(before.detailList.map((p) => p.sizeList));
});

test("SO-014 SO-027 QO-097 a style order submitted is paid from the balance: debited by exactly its price", async ({
  page,
}) => {
  // demo's balance moves whenever another spec submits as demo: this test counts on its own account
  await openStyle(page, 12, { fresh: true });
  const style = await apiData<StyleDetail>(page, "/api/pc/style/detail/12");
  await buy(page, style);
  const cents = Number(await page.getByTestId("order-price-unit").locator("[data-cents]").getAttribute("data-cents"));
  await customerAndMeasurements(page, style);
  const before = await balanceCents(page);
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(alert(page)).toHaveText(/^Pls presubmit for finished measurements first/);
  await page.getByRole("button", { name: "Calculate finished sizes" }).click();
  await expect(page.getByText("Finished sizes calculated")).toBeVisible();
  const submitted = page.waitForResponse((r) => r.url().endsWith("/api/pc/order/saveSubmitOrder"));
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  const response = await submitted;
  // one Submit, one key: a retry after a lost answer pays once
  expect(response.request().headers()["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  const body = (await response.json()) as { code: number; data: Array<{ sign: string; price: string }> };
  expect(body.code).toBe(0);
  expect(body.data[0]!.sign).toBe("success");
  // the price Buy showed is the price paid, and the balance moved by exactly it
  expect(toCents(body.data[0]!.price)).toBe(cents);
  await expect(page).toHaveURL(/\/underProduction$/);
  expect(cents).toBeGreaterThan(0);
  expect(await balanceCents(page)).toBe(before - cents);
});

test("SO-015 the style's HTML description is shown sanitised: its script, onerror attribute and javascript: link never run", async ({
  page,
}) => {
  const styleId = HOSTILE_PROPERTY_STYLE_IDS[0];
  await openStyle(page, styleId);
  const description = page.getByTestId("safe-html");
  await expect(description.getByRole("table")).toBeVisible();
  await expect(description.getByRole("listitem").first()).toBeVisible();
  // the raw text the server sent carries the hostile parts
  const raw = await apiData<{ property: string }>(page, `/api/pc/style/detail/${styleId}`);
  expect(raw.property).toMatch(/<script>/);
  expect(raw.property).toMatch(/onerror=/);
  expect(raw.property).toMatch(/href="javascript:/);
  // what is on the page has none of them
  expect(await description.locator("script").count()).toBe(0);
  const html = await description.innerHTML();
  expect(html).not.toMatch(/onerror|javascript:|<script/i);
  // the link stays as text without its javascript: target; clicking it runs nothing
  await description.getByText("Size guide").click();
  // the broken picture has failed to load by now (its onerror would have run)
  await expect
    .poll(() => description.locator("img").evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete)))
    .toBe(true);
  expect(await page.evaluate(() => (window as { __styleXss?: number }).__styleXss)).toBeUndefined();
  await expectAccessible(page);
});

test("SO-036 SO-040 SO-011 SO-014 SO-027 a style found by search opens in a new tab, is bought with a customer and measurements, and is in the saved orders", async ({
  page,
}) => {
  // A remembered session is every tab's (a session without remember-me is this tab's: styleProduct.spec.ts)
  await startSignedIn(page, "/styleProduct", { username: "demo", password: "demo1234", remember: true });
  const style = await apiData<StyleDetail>(page, `/api/pc/style/detail/${SUIT_STYLE}`);
  // SO-036: by its name
  await page.getByRole("searchbox", { name: "Style name" }).fill(style.styleName);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/name=/);
  // the list before the search (which may hold this style too) stays shown while the search loads: wait
  // until every product shown is an answer to the name
  const list = page.getByRole("list", { name: "Products" });
  await expect(list.getByRole("listitem").filter({ hasNotText: style.styleName })).toHaveCount(0);
  const product = list.getByRole("link", { name: new RegExp(`^${style.styleName}`) });
  await expect(product).toHaveCount(1);
  // SO-040: in a new tab, signed in there too
  const [tab] = await Promise.all([page.waitForEvent("popup"), product.click()]);
  await expect(tab).toHaveURL(new RegExp(`/styleOrdering\\?id=${SUIT_STYLE}$`));
  await expect(tab.getByTestId("style-order")).toBeVisible();
  await atStep(tab, 0);
  await expect(tab.getByTestId("style-product").getByRole("heading", { level: 2 })).toHaveText(style.styleName);
  const { fabric } = await buy(tab, style);
  await customerAndMeasurements(tab, style);
  const saved = tab.waitForResponse((r) => r.url().endsWith("/api/pc/order/saveOrder"));
  await tab.getByRole("button", { name: "Save To Cart" }).click();
  const body = (await (await saved).json()) as { code: number; message: string; data: { orderId: string } };
  expect(body.code, body.message).toBe(0);
  await expect(tab).toHaveURL(/\/saveItems$/);
  // The saved-items page is not built yet: the saved order is read back through getOrderInfo.
  const order = await storedOrder<{ type: number; fabric: string; detailList: Array<{ styleId: number }> }>(
    tab,
    body.data.orderId,
  );
  expect({ type: order.type, fabric: order.fabric, styles: order.detailList.map((p) => p.styleId) }).toEqual({
    type: 10,
    fabric,
    styles: style.styleInfoList.map(() => SUIT_STYLE),
  });
});

test("PROD-019 PROD-020 a saved style order's details list each piece's style crafts with their values (issue 20)", async ({
  page,
}) => {
  await openStyle(page);
  const style = await apiData<StyleDetail>(page, `/api/pc/style/detail/${SUIT_STYLE}`);
  await buy(page, style);
  await customerAndMeasurements(page, style);
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/pc/order/saveOrder"));
  await page.getByRole("button", { name: "Save To Cart" }).click();
  const body = (await (await saved).json()) as { code: number; message: string; data: { orderId: string } };
  expect(body.code, body.message).toBe(0);
  await page.goto(`/orderDetails?orderId=${body.data.orderId}`);
  // Every piece of the style has crafts with a value here (a required one chosen, or a preset).
  for (const piece of style.styleInfoList) {
    const section = page.getByTestId(`details-piece-${piece.clothCategory}`);
    await expect(section).toBeVisible();
    await expect(section.getByText("No crafts chosen.")).toHaveCount(0);
    const valued = piece.styleCraftList.filter((c) => c.model || c.type === 2);
    expect(valued.length).toBeGreaterThan(0);
    for (const craft of valued) {
      const value = craft.model || (craft.chooseContent ? craft.chooseContent.split(",")[0]! : "J. Smith 2026");
      const crafts = section.getByRole("table", { name: /^Crafts of / });
      const row = crafts.getByRole("row").filter({ has: page.getByRole("cell", { name: craft.name, exact: true }) });
      await expect(row).toContainText(value);
    }
  }
  await expectAccessible(page);
  await page.screenshot({ path: "test-results/style-order-details.png", fullPage: true });
});
