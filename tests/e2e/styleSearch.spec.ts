import type { Page, Request } from "@playwright/test";
import { test, expect, expectAccessible, logIn } from "./fixtures.ts";

/**
 * The quick style search on the style product list (SO-028..SO-030) in Chromium at 1440 × 900, against
 * the real server and its seeded catalogue: a garment category and a style name or style code; nothing
 * is asked below 4 characters; a piece found opens in a panel and its style in a new tab.
 */
interface Hit {
  id: number;
  styleId: number;
  styleName: string;
  pieceName: string;
  styleCode: string;
  clothCategory: number;
}

/** Records every style search the page asks (GET /api/pc/curablestyle?...), in order. */
function recordSearches(page: Page) {
  const searches: URL[] = [];
  page.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/pc/curablestyle") searches.push(url);
  });
  return searches;
}

async function openStyleProduct(page: Page) {
  await page.goto("/styleProduct");
  await logIn(page, "demo", "demo1234", { remember: true });
  await expect(page.getByTestId("style-product")).toBeVisible();
}

const searchBox = (page: Page) => page.getByRole("combobox", { name: "Style name or style code" });
const searchStatus = (page: Page) => page.getByTestId("style-search").getByRole("status").first();
const found = (page: Page) => page.getByRole("listbox", { name: "Styles found" }).getByRole("option");

test("SO-028 SO-029 SO-030 3 characters ask nothing, the 4th asks once; a piece found opens its style", async ({
  page,
  context,
}) => {
  const searches = recordSearches(page);
  await openStyleProduct(page);
  await expect(page.getByRole("combobox", { name: "Garment" })).toHaveText("Suit");
  await expect(searchStatus(page)).toHaveText("Type at least 4 characters");

  // SO-029: three characters (the search has settled on them: the hint counts them) ask nothing
  await searchBox(page).pressSequentially("win");
  await expect(searchStatus(page)).toHaveText("Type at least 4 characters (3 typed)");
  await expect(found(page)).toHaveCount(0);

  // SO-028: the fourth asks once, with the garment category and the keyword, and lists the pieces found
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/pc/curablestyle");
  await searchBox(page).press("d");
  const hits = ((await (await answered).json()) as { data: Hit[] }).data;
  expect(hits.length).toBeGreaterThan(1);
  await expect(found(page)).toHaveCount(hits.length);
  expect(searches.map((u) => [u.searchParams.get("pid"), u.searchParams.get("keyword")])).toEqual([["3000", "wind"]]);
  await expect(searchStatus(page)).toHaveText(`${hits.length} style pieces found`);
  for (const [i, hit] of hits.entries()) {
    expect(hit.styleName).toMatch(/Windsor/);
    await expect(found(page).nth(i)).toHaveText(`${hit.styleName} · ${hit.pieceName}${hit.styleCode}`);
  }
  await expectAccessible(page);
  await page.screenshot({ path: "/tmp/h5-stylesearch-results.png" });

  // SO-030: choosing one (from the keyboard) loads that piece from curablestyle/{pid}/{id}
  const hit = hits[1]!;
  const pieceAnswered = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `/api/pc/curablestyle/${hit.clothCategory}/${hit.id}`,
  );
  await searchBox(page).press("ArrowDown");
  await searchBox(page).press("ArrowDown");
  await searchBox(page).press("Enter");
  const piece = (
    (await (await pieceAnswered).json()) as {
      data: { styleCode: string; currency: string; styleCraftList: Array<{ name: string; price: string }> };
    }
  ).data;
  await expect(found(page)).toHaveCount(0);
  const panel = page.getByTestId("style-piece");
  await expect(panel.getByRole("heading")).toHaveText(`${hit.styleName} · ${hit.pieceName}`);
  await expect(panel).toContainText(`Style code ${piece.styleCode}`);
  expect(piece.styleCode).toBe(hit.styleCode);
  expect(piece.styleCraftList.length).toBeGreaterThan(0);
  const rows = panel.getByRole("table", { name: `Crafts of ${hit.pieceName}` }).locator("tbody tr");
  await expect(rows).toHaveCount(piece.styleCraftList.length);
  for (const [i, craft] of piece.styleCraftList.entries()) {
    await expect(rows.nth(i)).toContainText(craft.name);
    const [whole, cents] = craft.price.split(".");
    await expect(rows.nth(i)).toContainText(`${piece.currency} ${Number(whole).toLocaleString("en-US")}.${cents}`);
  }
  // Still one search: choosing asks no new one
  expect(searches).toHaveLength(1);
  await expectAccessible(page);
  await page.screenshot({ path: "/tmp/h5-stylesearch-piece.png" });

  // "Open style" opens the style's ordering in a new tab; the list stays
  const open = panel.getByRole("link", { name: "Open style" });
  await expect(open).toHaveAttribute("target", "_blank");
  await expect(open).toHaveAttribute("rel", "noopener");
  const [tab] = await Promise.all([context.waitForEvent("page"), open.click()]);
  await tab.waitForLoadState();
  await expect(tab).toHaveURL(new RegExp(`/styleOrdering\\?id=${hit.styleId}$`));
  await expect(tab.getByTestId("style-order")).toBeVisible();
  await expect(page).toHaveURL(/\/styleProduct$/);
  await tab.close();
});

test("SO-028 SO-029 the garment category is asked; spaces do not count; nothing found says so", async ({ page }) => {
  const searches = recordSearches(page);
  await openStyleProduct(page);

  // SO-029: characters are counted after trimming: three letters between spaces ask nothing
  await searchBox(page).pressSequentially("  st0  ");
  await expect(searchStatus(page)).toHaveText("Type at least 4 characters (3 typed)");
  expect(searches).toHaveLength(0);

  // SO-028: pid is the chosen garment category: the trousers of the first style, by style code
  await searchBox(page).fill("");
  await page.getByRole("combobox", { name: "Garment" }).click();
  await page.getByRole("option", { name: "Trousers" }).click();
  // one change (typed key by key, a loaded machine may pause 300 ms after "ST00", which asks by itself)
  await searchBox(page).fill("ST001");
  await expect(found(page)).toHaveCount(1);
  await expect(found(page)).toContainText("ST001-T");
  expect(searches.map((u) => [u.searchParams.get("pid"), u.searchParams.get("keyword")])).toEqual([["2000", "ST001"]]);

  // Nothing found: a clear message, no list
  await searchBox(page).fill("zzzz");
  await expect(searchStatus(page)).toHaveText("No style found for “zzzz”. Try another style name or style code.");
  await expect(found(page)).toHaveCount(0);
  expect(searches.at(-1)?.searchParams.get("keyword")).toBe("zzzz");
  await expectAccessible(page);
});

test("SO-028 a search that cannot reach the server says so", async ({ page }) => {
  await openStyleProduct(page);
  await page.route(/\/api\/pc\/curablestyle\?/, (route) => route.abort("connectionrefused"));
  await searchBox(page).fill("windsor");
  await expect(page.getByTestId("style-search").getByRole("alert")).toHaveText(
    "The style search failed: The server could not be reached. Try again.",
  );
  await expect(found(page)).toHaveCount(0);
  await expectAccessible(page);
});
