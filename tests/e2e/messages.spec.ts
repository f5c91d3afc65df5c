import type { Page } from "@playwright/test";
import { startMailServer } from "../server/messagesHelpers.ts";
import {
  expect,
  expectAccessible,
  pageAccessToken,
  recordToasts,
  startSignedIn,
  test,
  toast,
  toastsSaid,
} from "./fixtures.ts";

/**
 * Issue 25: the message centre (MSG-001..017) and the contact form (CONTACT-001..009) in Chromium against the
 * real server; the contact form's mail arrives at a real SMTP server this file starts on the port the e2e server
 * sends to (playwright.config.ts: E2E_PORT + 2000).
 */

const SMTP_PORT = Number(process.env.E2E_PORT ?? 4173) + 2000;
const acme = { username: "acme", password: "acme1234" };

const items = (page: Page) => page.getByTestId("message-item");
const headerCount = async (page: Page) => Number(await page.getByTestId("header-unread").textContent());

test("MSG-001 MSG-002 MSG-003 MSG-005 MSG-007 MSG-008 MSG-010 MSG-013 MSG-014 MSG-015 reading, tabs, delete and read-all; the header counts unread", async ({
  page,
}) => {
  await recordToasts(page);
  await startSignedIn(page, "/message", acme);
  // MSG-001, MSG-002: two panes; the left one has the title and read-all, then the urgency tabs (MSG-003).
  const panes = page.getByTestId("message-panes");
  await expect(panes.getByRole("heading", { name: "Messages" })).toBeVisible();
  await expect(panes.getByRole("button", { name: "Read all" })).toBeVisible();
  await expect(page.getByRole("tab")).toHaveText(["All", "Normal", "Urgent"]);
  await expect(page.getByTestId("message-detail")).toContainText("Choose a message to read it.");
  await expect(items(page).first()).toBeVisible();
  await expectAccessible(page);

  // MSG-008: opening an unread message marks it read; the header's count goes down by one.
  await expect(page.getByTestId("header-unread")).toBeVisible();
  const before = await headerCount(page);
  const unread = items(page).and(page.locator("[data-read='0']")).first();
  const title = (await unread.getByTestId("message-title").textContent())!;
  await unread.click();
  const detail = page.getByTestId("message-detail");
  // MSG-005: sender, create time, content and delete.
  await expect(detail.getByRole("heading", { name: title, exact: true })).toBeVisible();
  await expect(detail.getByTestId("message-sender")).not.toBeEmpty();
  await expect(detail.locator("time")).toBeVisible();
  await expect(detail.getByTestId("message-content")).not.toBeEmpty();
  await expect(items(page).filter({ hasText: title }).first()).toHaveAttribute("data-read", "1");
  await expect.poll(() => headerCount(page)).toBe(before - 1);

  // MSG-003: the urgent tab shows urgent messages only; normal none of them.
  await page.getByRole("tab", { name: "Urgent" }).click();
  await expect(items(page).filter({ hasText: "Holiday production schedule" })).toBeVisible();
  const urgentCount = await items(page).count();
  await expect(items(page).filter({ hasText: "Urgent" })).toHaveCount(urgentCount);
  await page.getByRole("tab", { name: "Normal" }).click();
  await expect(items(page).filter({ hasText: "Welcome to the message centre" })).toBeVisible();
  await expect(items(page).filter({ hasText: "Holiday production schedule" })).toHaveCount(0);
  await page.getByRole("tab", { name: "All" }).click();

  // MSG-010, MSG-014: delete asks first; cancel keeps it, confirm deletes it.
  await items(page).filter({ hasText: "New autumn fabrics in the library" }).click();
  await detail.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByTestId("message-delete-confirm");
  await expect(confirm).toContainText("Delete this message?");
  await expectAccessible(page, "[data-testid=message-delete-confirm]");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(items(page).filter({ hasText: "New autumn fabrics in the library" })).toHaveCount(1);
  await detail.getByRole("button", { name: "Delete" }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toBeHidden();
  await expect(items(page).filter({ hasText: "New autumn fabrics in the library" })).toHaveCount(0);
  await expect.poll(() => toastsSaid(page, "success")).toContain("Message deleted");

  // MSG-015: a message already gone (deleted elsewhere) is refused with code 1003: nothing visible happens.
  const victim = items(page).last();
  const victimTitle = (await victim.getByTestId("message-title").textContent())!;
  await victim.click();
  await expect(detail.getByRole("heading", { name: victimTitle, exact: true })).toBeVisible();
  const list = await page.request.get("/api/pc/news?pageSize=100", {
    headers: { authorization: `Bearer ${await pageAccessToken(page)}` },
  });
  const victimId = ((await list.json()) as { data: Array<{ id: number; title: string }> }).data.find(
    (m) => m.title === victimTitle,
  )!.id;
  const gone = await page.request.get(`/api/newsread/updateMessageDelete?id=${victimId}`, {
    headers: { authorization: `Bearer ${await pageAccessToken(page)}` },
  });
  expect(((await gone.json()) as { code: number }).code).toBe(0);
  await detail.getByRole("button", { name: "Delete" }).click();
  // "nothing happened" is only worth saying once the page has the server's answer
  const refused = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/newsread/updateMessageDelete");
  await confirm.getByRole("button", { name: "Delete" }).click();
  expect(((await (await refused).json()) as { code: number }).code).toBe(1003);
  await expect(confirm).toBeHidden();
  await expect(detail.getByRole("heading", { name: victimTitle, exact: true })).toBeVisible();
  expect(await toastsSaid(page, "error")).toEqual([]);
  expect(await toastsSaid(page, "warning")).toEqual([]);

  // MSG-013: read all: every message read, the header's count gone.
  await panes.getByRole("button", { name: "Read all" }).click();
  await expect(items(page).and(page.locator("[data-read='0']"))).toHaveCount(0);
  await expect(page.getByTestId("header-unread")).toBeHidden();
  await expect(page.getByRole("button", { name: "Messages", exact: true })).toBeVisible();

  // In Chinese: the page and the confirmation.
  await page.getByRole("button", { name: "中文" }).click();
  await expect(page.getByRole("heading", { name: "消息中心" })).toBeVisible();
  await expect(page.getByRole("tab")).toHaveText(["全部", "普通", "加急"]);
  await expect(items(page).filter({ hasText: "欢迎使用消息中心" })).toBeVisible();
  await expectAccessible(page);
  await items(page).first().click();
  await detail.getByRole("button", { name: "删除" }).click();
  await expect(confirm).toContainText("删除这条消息？");
  await expectAccessible(page, "[data-testid=message-delete-confirm]");
  await confirm.getByRole("button", { name: "取消" }).click();
});

test("MSG-004 MSG-016 MSG-017 MSG-009 ten a page, ten more near the list's bottom, read-all back to page one", async ({
  page,
}) => {
  await startSignedIn(page, "/message");
  await expect(items(page)).toHaveCount(10);
  const list = page.getByTestId("message-list");
  // Not yet within 10 px of the bottom: nothing more loads.
  await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight - el.clientHeight - 40 }));
  await list.dispatchEvent("scroll");
  await expect(items(page)).toHaveCount(10);
  // Within 10 px: ten more.
  await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(items(page)).toHaveCount(20);
  await page.getByRole("button", { name: "Read all" }).click();
  await expect(items(page)).toHaveCount(10);
  await expect(items(page).and(page.locator("[data-read='0']"))).toHaveCount(0);
});

test.describe("contact", () => {
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  test.beforeAll(async () => {
    mail = await startMailServer(SMTP_PORT);
  });
  test.afterAll(async () => {
    await mail?.close();
  });

  test("CONTACT-001..009 a visitor's checks in order, the mail at the SMTP server, a failed send shows the error", async ({
    page,
  }) => {
    await recordToasts(page);
    await page.goto("/contect");
    const form = page.getByTestId("contact-page");
    // CONTACT-001
    const name = form.getByLabel("Name");
    const email = form.getByLabel("E-mail");
    const message = form.getByLabel("Message");
    const send = form.getByRole("button", { name: "Send" });
    await expectAccessible(page);
    // CONTACT-003..007: the first failing check, in order, under its field, focused.
    await send.click();
    await expect(form.getByText("Please enter your name")).toBeVisible();
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);
    await name.fill("Grace Visitor");
    await send.click();
    await expect(form.getByText("Please enter your e-mail")).toBeVisible();
    await email.fill("grace.example.com");
    await send.click();
    await expect(form.getByText("incorrect format")).toBeVisible();
    await expect(email).toBeFocused();
    await email.fill(`${"g".repeat(9_990)}@example.com`);
    await send.click();
    await expect(form.getByText("incorrect format")).toBeVisible();
    await email.fill("grace@example.com");
    await send.click();
    await expect(form.getByText("Please enter a message")).toBeVisible();
    const hostile = "<script>window.__hacked = 1</script><b>bold?</b> Do you ship to Lisbon?";
    await message.fill(hostile);
    // CONTACT-002, CONTACT-008: sent, and at the mail server as text.
    await send.click();
    await expect(toast(page, "success")).toContainText("Your message was sent");
    await expect(name).toHaveValue("");
    await expect.poll(() => mail.mails.length).toBe(1);
    expect(mail.mails[0]!.raw).toContain("Contact form: Grace Visitor");
    expect(mail.mails[0]!.raw).toContain(hostile);
    expect(await page.evaluate(() => (window as unknown as { __hacked?: number }).__hacked)).toBeUndefined();

    // CONTACT-009: a send that fails (the connection drops) shows the error.
    await page.route("**/api/admin/news/sendEmail", (route) => route.abort("connectionreset"));
    await name.fill("Grace Visitor");
    await email.fill("grace@example.com");
    await message.fill("Second try");
    await send.click();
    await expect.poll(async () => (await toastsSaid(page, "error")).length).toBeGreaterThan(0);
    await expect(name).toHaveValue("Grace Visitor");
    expect(mail.mails).toHaveLength(1);
    await page.unroute("**/api/admin/news/sendEmail");

    // In Chinese.
    await page.getByRole("button", { name: "中文" }).click();
    await expect(page.getByRole("heading", { name: "联系我们" })).toBeVisible();
    await form.getByLabel("电子邮箱").fill("nope");
    await form.getByRole("button", { name: "发送" }).click();
    await expect(form.getByText("格式不正确")).toBeVisible();
    await expectAccessible(page);
  });
});
