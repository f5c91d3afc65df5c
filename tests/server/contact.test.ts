import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../server/config.ts";
import { contactOutbox } from "../../server/db/schema.ts";
import { deliverDue, mailTransport, startOutbox } from "../../server/modules/messages/outbox.ts";
import { bodyOf } from "./cartHelpers.ts";
import { bearer, expectErrorEnvelope, login, startServer, type TestServer } from "./fixture.ts";
import { memberIds } from "./members.ts";
import { freePort, startMailServer } from "./messagesHelpers.ts";

/**
 * Issue 25: the contact form (CONTACT-002..009) through a real SMTP server started here (smtp-server on a local
 * port; nodemailer sends to it over a socket), the outbox that keeps a message the mail server could not take
 * and sends it later, and the limit per address.
 */

type Receipt = { id: number; sent: boolean };
const form = (overrides: Record<string, string | undefined> = {}) => ({
  customerName: "Ada Tailor",
  customerEmail: "ada@example.com",
  content: "Please send me your autumn fabric book.",
  ...overrides,
});

let mail: Awaited<ReturnType<typeof startMailServer>>;
let server: TestServer;
let smtpPort = 0;
const env = () => ({
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  CONTACT_MAIL_TO: "service@tailor.test",
  CONTACT_RATE_LIMIT_PER_HOUR: "4",
});

beforeAll(async () => {
  mail = await startMailServer();
  smtpPort = mail.port;
  server = await startServer(env());
});
afterAll(async () => {
  await server?.close();
  await mail?.close();
});

let address = 0;
/** Each test sends from addresses of its own, so the limit per address is its own business. */
const nextAddress = () => `10.25.0.${++address}`;
const send = (payload: unknown, remoteAddress: string, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: "POST",
    url: "/api/admin/news/sendEmail",
    payload: payload as object,
    remoteAddress,
    headers,
  });
const outboxRow = async (id: number) =>
  (await server.db.select().from(contactOutbox).where(eq(contactOutbox.id, id)))[0]!;
const outboxCount = async () => (await server.db.select().from(contactOutbox)).length;

describe("sendEmail (CONTACT-002, CONTACT-008)", () => {
  it("CONTACT-002 CONTACT-008 a visitor's message is stored and arrives at the mail server, as plain text", async () => {
    const res = await send(form(), nextAddress());
    const body = bodyOf<Receipt>(res);
    expect(body).toMatchObject({ code: 0, message: "Your message was sent", data: { sent: true } });
    const row = await outboxRow(body.data.id);
    expect(row).toMatchObject({
      customerName: "Ada Tailor",
      customerEmail: "ada@example.com",
      attempts: 1,
      lastError: "",
    });
    expect(row.sentAt).not.toBeNull();
    const received = mail.mails.at(-1)!;
    expect(received.to).toEqual(["service@tailor.test"]);
    expect(received.raw).toContain("Subject: Contact form: Ada Tailor");
    expect(received.raw).toMatch(/Reply-To: .*ada@example\.com/);
    expect(received.raw).toContain("Please send me your autumn fabric book.");
  });

  it("CONTACT-008 HTML and script in the message are stored and sent as text, never as HTML", async () => {
    const hostile = '<script>alert("x")</script><img src=x onerror=alert(1)> <b>bold</b>';
    const body = bodyOf<Receipt>(await send(form({ content: hostile }), nextAddress()));
    expect(body.code).toBe(0);
    expect((await outboxRow(body.data.id)).content).toBe(hostile);
    // the mail of this message, found by its text (whether the call sent it or the outbox did after it)
    if (!body.data.sent)
      await deliverDue(server.db, mailTransport(readConfig(env()))!, readConfig(env()), new Date(Date.now() + 1), {
        id: body.data.id,
      });
    const received = mail.mails.find((m) => m.raw.includes(hostile))!;
    expect(received, "the message reached the mail server").toBeDefined();
    expect(received.raw).toMatch(/Content-Type: text\/plain/);
    expect(received.raw).not.toMatch(/Content-Type: text\/html/);
  });
});

describe("the sender's account (CONTACT-008)", () => {
  it("CONTACT-008 a signed-in sender's entry records the account (main or sub-account) and the mail names it; a visitor's none", async () => {
    const ids = await memberIds(server.db);
    const demo = (await login(server.app, "demo", "demo1234")).token;
    const sub = (await login(server.app, "demo-sub1", "demo1234")).token;
    const cases: Array<[Record<string, string>, number | null, string | null]> = [
      [{}, null, null],
      [bearer(demo), ids.demo, "demo"],
      [bearer(sub), ids.demoSub1, "demo-sub1"],
    ];
    for (const [headers, memberId, account] of cases) {
      const body = bodyOf<Receipt>(await send(form(), nextAddress(), headers));
      expect(body).toMatchObject({ code: 0, data: { sent: true } });
      expect(body.data).toEqual({ id: body.data.id, sent: true }); // the receipt tells nothing about the account
      expect((await outboxRow(body.data.id)).memberId).toBe(memberId);
      const raw = mail.mails.at(-1)!.raw;
      if (account === null) expect(raw).not.toContain("Account:");
      else expect(raw).toContain(`Account: ${account}\r\n`);
    }
  });

  it("CONTACT-008 a token that is not valid is refused like on any call (HTTP 401), nothing stored", async () => {
    const before = await outboxCount();
    const res = await send(form(), nextAddress(), { authorization: "Bearer not-a-token" });
    expect(res.statusCode).toBe(401);
    expectErrorEnvelope(res, 401);
    expect(await outboxCount()).toBe(before);
  });
});

describe("the form's checks, in order (CONTACT-003..007), on the server", () => {
  const cases: Array<[string, Record<string, string | undefined>, string]> = [
    ["CONTACT-004 no name", { customerName: "  " }, "Please enter your name"],
    [
      "CONTACT-003 no name and no e-mail: the name first",
      { customerName: "", customerEmail: "" },
      "Please enter your name",
    ],
    ["CONTACT-005 no e-mail", { customerEmail: undefined }, "Please enter your e-mail"],
    [
      "CONTACT-003 no e-mail and no message: the e-mail first",
      { customerEmail: "", content: "" },
      "Please enter your e-mail",
    ],
    ["CONTACT-006 a malformed e-mail", { customerEmail: "ada.example.com" }, "incorrect format"],
    [
      "CONTACT-003 a malformed e-mail and no message: the format first",
      { customerEmail: "a@b", content: "" },
      "incorrect format",
    ],
    [
      "CONTACT-006 an e-mail of 10,000 characters",
      { customerEmail: `${"a".repeat(9_990)}@example.com`.slice(0, 10_000) },
      "incorrect format",
    ],
    ["CONTACT-007 no message", { content: " \n " }, "Please enter a message"],
    [
      "a message of more than 5,000 characters",
      { content: "x".repeat(5_001) },
      "A message has at most 5000 characters",
    ],
  ];
  for (const [title, overrides, message] of cases)
    it(`${title}: HTTP 400 "${message}", nothing stored`, async () => {
      const before = await outboxCount();
      const mailsBefore = mail.mails.length;
      const res = await send(form(overrides), nextAddress());
      expect(expectErrorEnvelope(res, 400).message).toBe(message);
      expect(await outboxCount()).toBe(before);
      expect(mail.mails.length).toBe(mailsBefore);
    });

  it("CONTACT-006 the message is in the caller's language", async () => {
    const res = await send(form({ customerEmail: "nope" }), nextAddress(), { "accept-language": "zh" });
    expect(expectErrorEnvelope(res, 400).message).toBe("格式不正确");
  });

  it("malformed bodies are refused with HTTP 400 naming the field, never a 500", async () => {
    for (const payload of [
      { ...form(), customerEmail: "a".repeat(10_001) },
      { ...form(), extra: 1 },
      { ...form(), customerName: { text: "x" } },
    ]) {
      const res = await send(payload, nextAddress());
      expect(expectErrorEnvelope(res, 400).code).toBe(400);
    }
    const res = await server.app.inject({
      method: "POST",
      url: "/api/admin/news/sendEmail",
      payload: "not json",
      headers: { "content-type": "application/json" },
      remoteAddress: nextAddress(),
    });
    expect(expectErrorEnvelope(res, 400).code).toBe(400);
  });
});

describe("the limit per address", () => {
  it("the fifth message from one address in an hour is refused (HTTP 429); another address is not", async () => {
    const here = nextAddress();
    for (let n = 0; n < 4; n++) expect(bodyOf(await send(form(), here)).code).toBe(0);
    const before = await outboxCount();
    const refused = await send(form(), here);
    expect(expectErrorEnvelope(refused, 429).message).toMatch(/Too many requests/);
    expect(await outboxCount()).toBe(before);
    // Signing in does not give the address a new budget.
    const token = (await login(server.app, "acme", "acme1234", here)).token;
    expect((await send(form(), here, bearer(token))).statusCode).toBe(429);
    expect(bodyOf(await send(form(), nextAddress())).code).toBe(0);
  });
});

describe("the outbox: never lost while the mail server is down", () => {
  it("CONTACT-008 a message the mail server cannot take stays in the outbox and is sent when it is back", async () => {
    // A second server whose mail server is down (nothing listens on its port yet).
    const port = await freePort();
    const down = await startServer({ ...env(), SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const res = await down.app.inject({
        method: "POST",
        url: "/api/admin/news/sendEmail",
        payload: form({ customerName: "Kept Safe" }),
      });
      const body = bodyOf<Receipt>(res);
      expect(body).toMatchObject({
        code: 0,
        message: "Your message was received; it will be delivered shortly",
        data: { sent: false },
      });
      const [row] = await down.db.select().from(contactOutbox).where(eq(contactOutbox.id, body.data.id));
      expect(row).toMatchObject({ attempts: 1, sentAt: null });
      expect(row!.lastError).not.toBe("");
      // Leased for its backoff (30 s after the first attempt): not due again at once.
      expect(row!.nextAttemptAt.getTime() - row!.createdAt.getTime()).toBeGreaterThanOrEqual(29_000);

      const config = readConfig({ SMTP_URL: `smtp://127.0.0.1:${port}`, CONTACT_MAIL_TO: "service@tailor.test" });
      const back = await startMailServer(port);
      try {
        const sender = mailTransport(config)!;
        expect(await deliverDue(down.db, sender, config, new Date())).toEqual({ sent: 0, failed: 0 });
        // Later, two processes try the outbox at once: the row is claimed by one of them, sent once.
        const later = new Date(Date.now() + 3_600_000);
        const runs = await Promise.all([
          deliverDue(down.db, sender, config, later),
          deliverDue(down.db, sender, config, later),
        ]);
        expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(1);
        expect(back.mails).toHaveLength(1);
        expect(back.mails[0]!.raw).toContain("Contact form: Kept Safe");
        const [sent] = await down.db.select().from(contactOutbox).where(eq(contactOutbox.id, body.data.id));
        expect(sent!.sentAt).not.toBeNull();
        expect(sent!.attempts).toBe(2);
        // Sent rows are never sent again.
        expect(await deliverDue(down.db, sender, config, new Date(Date.now() + 86_400_000))).toEqual({
          sent: 0,
          failed: 0,
        });
      } finally {
        await back.close();
      }
    } finally {
      await down.close();
    }
  });

  it("without SMTP_URL the message is kept in the outbox, and the retry loop does not run", async () => {
    const plain = await startServer();
    try {
      const body = bodyOf<Receipt>(
        await plain.app.inject({ method: "POST", url: "/api/admin/news/sendEmail", payload: form() }),
      );
      expect(body.data.sent).toBe(false);
      const [row] = await plain.db.select().from(contactOutbox).where(eq(contactOutbox.id, body.data.id));
      expect(row).toMatchObject({ attempts: 0, sentAt: null });
      const stop = startOutbox(plain.db, readConfig({}), () => undefined);
      await stop();
    } finally {
      await plain.close();
    }
  });

  it("the retry loop sends what is due and stops on a graceful stop", async () => {
    const port = await freePort();
    const config = readConfig({ SMTP_URL: `smtp://127.0.0.1:${port}`, OUTBOX_RETRY_SECONDS: "3600" });
    const [row] = await server.db
      .insert(contactOutbox)
      .values({ customerName: "Loop", customerEmail: "loop@example.com", content: "from the loop" })
      .returning({ id: contactOutbox.id });
    const back = await startMailServer(port);
    try {
      const errors: unknown[] = [];
      const stop = startOutbox(server.db, config, (error) => errors.push(error));
      await stop(); // waits for the run it started at once
      expect(errors).toEqual([]);
      expect((await outboxRow(row!.id)).sentAt).not.toBeNull();
      expect(back.mails.some((m) => m.raw.includes("from the loop"))).toBe(true);
    } finally {
      await back.close();
    }
  });
});

describe("configuration", () => {
  it("SMTP_URL must be an smtp:// or smtps:// URL", () => {
    expect(() => readConfig({ SMTP_URL: "http://mail" })).toThrow(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(readConfig({ SMTP_URL: "smtps://user:pw@mail.example.com:465" }).smtpUrl).toBe(
      "smtps://user:pw@mail.example.com:465",
    );
    expect(readConfig({}).smtpUrl).toBeUndefined();
  });
});
