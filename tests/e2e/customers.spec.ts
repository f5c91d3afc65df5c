import { ok } from "./cart.ts";
import { test, expect, expectAccessible, startSignedIn, toast } from "./fixtures.ts";
import { fillMeasurementList, IN_STOCK, pickFabric, steps } from "./orderEntry.ts";

/** Issue 24: the customer book in Chromium, as a new user tries it (CUST-*). */

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const TEMPLATE =
  "Name,Nickname,Gender (M/F),Height,Height unit (cm/inch),Weight,Weight unit (kg/lb),Phone,E-mail,Address,Birthday (YYYY-MM-DD),Remark";

test("CUST-002 CUST-004 CUST-005 CUST-006 CUST-007 CUST-009 CUST-010 CUST-011 CUST-013 CUST-014 CUST-015 CUST-016 CUST-017 CUST-023 CUST-030 CUST-034 CUST-048 add a customer through the four tabs, find, note, picture, order and save back (also from a past set and after Save to cart)", async ({
  page,
}) => {
  // the whole tour of the book, an order for the new customer and its save-back: longer than one page's test
  test.setTimeout(240_000);
  const name = `Tour ${Date.now().toString(36)}`;
  const asked: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname === "/api/pc/customer" && r.method() === "GET")
      asked.push(`${url.searchParams.get("pageNum")}/${url.searchParams.get("pageSize")}`);
  });
  await startSignedIn(page, "/customerList");
  const cards = page.getByTestId("customer-card");
  await expect(cards.first()).toBeVisible();
  // CUST-004: six cards a row
  const tops = await cards.evaluateAll((els) => els.slice(0, 7).map((e) => Math.round(e.getBoundingClientRect().top)));
  expect(tops.slice(0, 6).every((top) => top === tops[0])).toBe(true);
  expect(tops[6]).toBeGreaterThan(tops[0]!);
  await expectAccessible(page);

  // CUST-003, CUST-046: 18 a page, the next page asked as the bottom comes near; the end is said
  await page.getByTestId("customer-list-end").scrollIntoViewIfNeeded();
  await expect(page.getByTestId("customer-list-end")).toHaveText("That is every customer.");
  expect(asked.slice(0, 2)).toEqual(["1/18", "2/18"]);
  const total = Number((await page.getByText(/^\d+ customers$/).textContent())!.split(" ")[0]);
  await expect(cards).toHaveCount(total);
  expect(total).toBeGreaterThan(18);

  // CUST-007: the four-tab modal; CUST-030: each missing field its own message
  await page.getByTestId("customer-add").click();
  const modal = page.getByTestId("customer-form");
  await expect(modal.getByRole("tab")).toHaveText(["Basic", "Style", "Body", "Tailor"]);
  await expectAccessible(page, "[data-testid=customer-form]");
  await page.getByTestId("customer-save").click();
  await expect(modal.getByText("Please fill in the customer name")).toBeVisible();
  await expect(modal.getByText("Please fill in the nickname")).toBeVisible();
  await expect(modal.getByText("Please choose the gender")).toBeVisible();
  await expect(modal.getByText("Please fill in the height")).toBeVisible();
  await expect(modal.getByText("Please fill in the weight")).toBeVisible();
  await expect(modal.locator("#cust-name")).toBeFocused();
  await modal.locator("#cust-name").fill(name);
  await modal.locator("#cust-nickname").fill("Tee");
  await modal.getByRole("radio", { name: "Female" }).click();
  await modal.locator("#cust-height").fill("180");
  await modal.locator("#cust-weight").fill("70");
  // CUST-048: the height unit converts as in order entry
  await modal.getByRole("combobox", { name: "Height unit" }).click();
  await page.getByRole("option", { name: "inch" }).click();
  await expect(modal.locator("#cust-height")).toHaveValue("70.87");
  await modal.getByRole("combobox", { name: "Height unit" }).click();
  await page.getByRole("option", { name: "cm" }).click();
  await expect(modal.locator("#cust-height")).toHaveValue("180.01");
  await modal.locator("#cust-height").fill("180");
  await modal.getByLabel("Month").fill("2");
  await modal.getByLabel("Date", { exact: true }).fill("31");
  await modal.getByLabel("Year").fill("1990");
  await page.getByTestId("customer-save").click();
  await expect(modal.getByText("The birthday 1990-2-31 is not a date")).toBeVisible();
  await modal.getByLabel("Date", { exact: true }).fill("28");
  await modal.getByRole("tab", { name: "Style" }).click();
  await modal.getByRole("checkbox", { name: "Classic" }).click();
  await expectAccessible(page, "[data-testid=customer-form]");
  await modal.getByRole("tab", { name: "Body" }).click();
  // Issue 24: implausible figures are explained as a warning in the body tab, never refused
  const warnings = modal.getByTestId("plausibility-warnings");
  await expect(warnings).toHaveCount(0);
  await modal.getByRole("tab", { name: "Basic" }).click();
  await modal.locator("#cust-weight").fill("200");
  await modal.getByRole("tab", { name: "Body" }).click();
  await expect(warnings).toContainText(
    "A weight of 200 kg gives a body mass index of 61.73; in pounds it would be 90.72 kg",
  );
  await expectAccessible(page, "[data-testid=customer-form]");
  await modal.getByRole("tab", { name: "Basic" }).click();
  await modal.locator("#cust-weight").fill("70");
  await modal.getByRole("tab", { name: "Body" }).click();
  await expect(warnings).toHaveCount(0);
  const firstPart = modal.locator("input[id^=cust-body-]").first();
  await firstPart.fill("9999");
  await expect(firstPart).toHaveAttribute("aria-invalid", "true");
  await firstPart.fill("");
  await modal.getByRole("tab", { name: "Tailor" }).click();
  await expect(modal.locator("input[id^=cust-tailor-]").first()).toBeVisible();
  await page.getByTestId("customer-save").click();
  await expect(toast(page, "success")).toHaveText("Customer saved");
  await expect(modal).toBeHidden();

  // CUST-002: found by search; CUST-005, CUST-006: the card and its homepage link
  await page.getByLabel("Search customers").fill(name);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(name);
  await cards
    .first()
    .getByRole("link", { name: /Homepage/ })
    .click();
  await expect(page).toHaveURL(/\/customerDetails\?id=\d+/);

  // CUST-009, CUST-010, CUST-011: breadcrumbs, profile, sections with edit buttons
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("link", { name: "Individual account" })).toHaveAttribute("href", "/user");
  await expect(crumbs.getByRole("link", { name: "Customers" })).toHaveAttribute("href", "/customerList");
  const profile = page.getByTestId("customer-profile");
  await expect(profile).toContainText(name);
  await expect(profile).toContainText("Female");
  await expect(profile).toContainText("180 cm");
  await expect(profile).toContainText("70 kg");
  for (const section of ["customer-personal", "customer-style", "customer-body", "customer-tailor"])
    await expect(page.getByTestId(`${section}-edit`)).toBeVisible();
  await expect(page.getByRole("region", { name: "Dress style" })).toContainText("Classic");
  await expectAccessible(page);

  // CUST-014, CUST-017: add an appointment, then edit it
  await page.getByTestId("appointment-add").click();
  const noteModal = page.getByTestId("customer-note-modal");
  await page.getByTestId("customer-note-save").click();
  await expect(noteModal.getByText("Please fill in the content")).toBeVisible();
  await noteModal.locator("#note-date").fill("2031-05-06");
  await noteModal.locator("#note-time").fill("10:30");
  await noteModal.locator("#note-content").fill("First fitting");
  await expectAccessible(page, "[data-testid=customer-note-modal]");
  await page.getByTestId("customer-note-save").click();
  await expect(page.getByTestId("appointment-list")).toContainText("First fitting");
  await page.getByTestId("appointment-list").getByRole("button", { name: "Edit" }).click();
  await expect(noteModal.locator("#note-content")).toHaveValue("First fitting");
  await noteModal.locator("#note-content").fill("Second fitting");
  await page.getByTestId("customer-note-save").click();
  await expect(page.getByTestId("appointment-list")).toContainText("Second fitting");

  // CUST-015, CUST-034: add a note; deleting asks first
  await page.getByTestId("note-add").click();
  await noteModal.locator("#note-content").fill("Prefers a softer shoulder");
  await page.getByTestId("customer-note-save").click();
  await expect(page.getByTestId("note-list")).toContainText("Prefers a softer shoulder");
  await page.getByTestId("note-list").getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByTestId("note-delete-confirm");
  await expect(confirm).toContainText("Delete this note?");
  await expectAccessible(page, "[data-testid=note-delete-confirm]");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("note-list")).not.toContainText("Prefers a softer shoulder");

  // CUST-023, CUST-033: change the picture (an executable renamed .png is refused by its content)
  await page.getByTestId("customer-picture-open").click();
  const pictureModal = page.getByTestId("customer-picture-modal");
  const file = pictureModal.locator("input[type=file]");
  await file.setInputFiles({
    name: "evil.png",
    mimeType: "image/png",
    buffer: Buffer.from("MZ\x90\x00 not a picture"),
  });
  await expect(pictureModal.getByRole("alert")).toHaveText(/png, jpg/);
  await file.setInputFiles({ name: "face.png", mimeType: "image/png", buffer: PNG });
  await expectAccessible(page, "[data-testid=customer-picture-modal]");
  await page.getByTestId("customer-picture-save").click();
  await expect(pictureModal).toBeHidden();
  await expect(profile.locator("img")).toHaveAttribute("src", /\/api\/pc\/attachment\//);

  // CUST-029: edit customer opens the same modal with the record
  await page.getByTestId("customer-edit").click();
  await expect(modal.locator("#cust-name")).toHaveValue(name);
  await modal.locator("#cust-name").fill("");
  await page.getByTestId("customer-save").click();
  await expect(modal.getByText("Please fill in the customer name")).toBeVisible();
  await modal.getByRole("button", { name: "Cancel" }).click();

  // Issue 24: the measurement history keeps the first set
  const customerId = Number(new URL(page.url()).searchParams.get("id"));
  const versions = page.getByTestId("measure-version");
  await expect(versions).toHaveCount(1);
  await expect(versions.first()).toContainText("saved in the customer book");

  // CUST-013, CUST-016: an order of the customer opens in the full-screen order details; its labels in a modal
  const parts = await ok<Array<{ id: number; defaultValue: number }>>(
    page,
    "GET",
    "/api/pc/dict/measureInfo?category=1000&measureType=10052",
  );
  const saved = await ok<{ orderCode: string }>(page, "POST", "/api/pc/order/saveOrder", {
    clothCategory: 1000,
    fabric: "RC1006",
    customerId,
    customerName: name,
    shortName: "Tee",
    genderId: 10041,
    height: 180,
    weight: 70,
    detailList: [
      {
        clothCategory: 1000,
        craftList: [],
        embList: [],
        sizeList: parts.map((p) => ({ partId: p.id, partValue: p.defaultValue, modifyValue: 0 })),
      },
    ],
  });
  await page.reload();
  const orderRow = page.getByRole("row", { name: new RegExp(saved.orderCode) });
  await orderRow.getByRole("button", { name: `Details ${saved.orderCode}` }).click();
  const fullScreen = page.getByTestId("customer-order-details");
  await expect(fullScreen).toContainText(saved.orderCode);
  expect(await fullScreen.boundingBox()).toEqual({ x: 0, y: 0, width: 1440, height: 900 });
  await expectAccessible(page, "[data-testid=customer-order-details]");
  await fullScreen.getByRole("button", { name: "Close" }).first().click();
  await expect(fullScreen).toBeHidden();
  await orderRow.getByRole("button", { name: `Labels of ${saved.orderCode}` }).click();
  const labelEditor = page.getByTestId("label-editor");
  await expect(labelEditor).toBeVisible();
  await expectAccessible(page, "[data-testid=label-editor]");
  await page.keyboard.press("Escape");
  await expect(labelEditor).toBeHidden();

  // Issue 24: an order for the customer from the quick order asks to save its new measurements back
  await page.goto("/quickOrder?id=3000");
  await expect(steps(page).first()).toHaveAttribute("aria-current", "step");
  await page.getByRole("combobox", { name: "Customer name" }).fill(name);
  await page
    .getByRole("listbox", { name: "Customers" })
    .getByRole("option", { name: new RegExp(name) })
    .click();
  await expect(page.locator("#qo-height")).toHaveValue("180");
  await pickFabric(page, IN_STOCK);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await fillMeasurementList(page);
  await page.getByRole("button", { name: "Calculate finished sizes" }).click();
  await expect(page.getByText("Finished sizes calculated")).toBeVisible();
  await page.getByRole("button", { name: "Submit" }).click();
  const prompt = page.getByTestId("save-back-prompt");
  await expect(prompt).toContainText(`Save the new measurements to ${name}?`);
  await expect(prompt.getByTestId("measure-change").first()).toBeVisible();
  await expectAccessible(page, "[data-testid=save-back-prompt]");
  await prompt.getByTestId("save-back-yes").click();
  await expect(toast(page, "success").last()).toHaveText("The measurements were saved to the customer");
  // submitted, or pending when the shared account's balance is short: either way the order page moves on
  await expect(page).toHaveURL(/\/(underProduction|myOrder)$/);
  await page.goto(`/customerDetails?id=${customerId}`);
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText(/from order \S+/);
  await expect(versions.first().getByTestId("measure-change").first()).toBeVisible();

  // Issue 24: an order can start from any past set: the first set (no suit sizes yet), not today's sizes
  await versions.last().getByTestId("measure-version-order").click();
  await expect(page).toHaveURL(/\/quickOrder\?.*measureSet=\d+/);
  await expect(page.locator("#qo-customerName")).toHaveValue(name);
  await expect(page.locator("#qo-height")).toHaveValue("180");
  await pickFabric(page, IN_STOCK);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  const measured = page.getByRole("list", { name: "Measurements", exact: true }).getByRole("listitem");
  await expect(measured.first().getByRole("textbox")).toHaveValue("");
  // Save to cart asks about the save-back too (never silently); No keeps the customer as it is
  await fillMeasurementList(page);
  const [min] = ((await measured.first().locator("p").textContent()) ?? "").split("–");
  await measured
    .first()
    .getByRole("textbox")
    .fill(String(Number(min)));
  await page.getByRole("button", { name: "Save to cart" }).click();
  await expect(prompt).toContainText(`Save the new measurements to ${name}?`);
  await prompt.getByTestId("save-back-no").click();
  await expect(page).toHaveURL(/\/saveItems$/);
  await page.goto(`/customerDetails?id=${customerId}`);
  await expect(versions).toHaveCount(2);

  // Issue 24: the appointments across the book, reachable from /user, on the list frame
  await page.goto("/user");
  await page.getByRole("navigation", { name: "Account pages" }).getByRole("link", { name: "Appointments" }).click();
  await expect(page.getByTestId("customer-appointments")).toBeVisible();
  await page.goto("/customerAppointments?from=2031-05-01&weeks=2");
  const appointment = page.getByRole("row", { name: new RegExp(name) });
  await expect(appointment).toContainText("Second fitting");
  await expect(appointment.getByRole("link", { name })).toHaveAttribute("href", `/customerDetails?id=${customerId}`);
  await expectAccessible(page);
  await page.goto(`/customerDetails?id=${customerId}`);

  // In Chinese: the details, the list and the modal pass axe too. The customer's orders are held back first:
  // while they load, their table says so (not "no orders") at full contrast (a CI run once scanned a dimmed
  // empty row there)
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const customerOrders = (url: URL) =>
    url.pathname.endsWith("/getOrderCartList") && url.searchParams.get("type") === "3";
  await page.route(customerOrders, async (route) => {
    await held;
    await route.continue();
  });
  await page.evaluate(() => localStorage.setItem("locale", "zh"));
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.getByRole("heading", { name: "个人信息" })).toBeVisible();
  const orderTable = page.getByRole("table", { name: "该客户的订单" });
  await expect(orderTable.getByRole("status")).toHaveText("加载中…");
  await expect(orderTable.getByText("该客户还没有订单")).toHaveCount(0);
  await expectAccessible(page);
  release();
  await expect(orderTable.getByRole("status")).toHaveCount(0);
  await page.unroute(customerOrders);
  await expectAccessible(page);
  await page.goto("/customerList");
  await expect(cards.first()).toBeVisible();
  await expectAccessible(page);
  await page.getByTestId("customer-add").click();
  await expect(modal.getByRole("tab", { name: "基本信息" })).toBeVisible();
  await expectAccessible(page, "[data-testid=customer-form]");
});

test("CUST-008 CUST-032 CUST-038 import a CSV as a named account; the button is hidden for another", async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  await startSignedIn(page, "/customerList", { username: "acme", password: "acme1234" });
  await page.getByTestId("customer-import-open").click();
  const modal = page.getByTestId("customer-import");
  await expectAccessible(page, "[data-testid=customer-import]");
  const file = page.getByTestId("customer-import-file");
  // CUST-032
  await file.setInputFiles({ name: "book.xlsx", mimeType: "application/octet-stream", buffer: Buffer.from("PK") });
  await expect(modal.getByRole("alert")).toHaveText("Only CSV files may be uploaded");
  // a file with an invalid row: every invalid row and why, no import button
  await file.setInputFiles({
    name: "mixed.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`${TEMPLATE}\nGood ${stamp},G,M,180,cm,80,kg,1,,,,\n,NoName,M,180,cm,80,kg,,,,,\n`),
  });
  const report = page.getByTestId("customer-import-report");
  await expect(report).toContainText("2 rows read: 1 to import, 1 invalid");
  await expect(report.getByRole("table")).toContainText("Please fill in the customer name");
  await expect(page.getByTestId("customer-import-confirm")).toHaveCount(0);
  // a valid file imports
  await file.setInputFiles({
    name: "book.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`${TEMPLATE}\nImported ${stamp},I,F,165,cm,55,kg,2,,,,\n`),
  });
  await expect(report).toContainText("1 row read: 1 to import");
  await expectAccessible(page, "[data-testid=customer-import]");
  await page.getByTestId("customer-import-confirm").click();
  await expect(toast(page, "success")).toHaveText("1 customer imported");
  await expect(modal).toBeHidden();
  await page.getByLabel("Search customers").fill(`Imported ${stamp}`);
  // the card of the answer to this search (acme's list before it may also hold one card)
  await expect(page.getByTestId("customer-card")).toHaveCount(1);
  await expect(page.getByTestId("customer-card")).toContainText(`Imported ${stamp}`);

  // CUST-008: a sub-account not named by the setting sees no import button
  await page.context().clearCookies();
  // the button follows its own call: its absence says something only once that call has answered
  const allowed = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/pc/customer/importAllowed");
  await startSignedIn(page, "/customerList", { username: "demo-sub1", password: "demo1234" });
  expect(((await (await allowed).json()) as { data: { allowed: boolean } }).data.allowed).toBe(false);
  await expect(page.getByTestId("customer-card").first()).toBeVisible();
  await expect(page.getByTestId("customer-import-open")).toHaveCount(0);
});
