import sharp from "sharp";
import iconv from "iconv-lite";
import { and, count, desc, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers, orders } from "../../server/db/schema.ts";
import { bearer, envelopeOf, expectErrorEnvelope, login, startServer, type TestServer } from "./fixture.ts";
import { memberIds, type MemberIds } from "./members.ts";

/** Issue 24: the customer book over HTTP (CUST-*), every call against other accounts. */
let server: TestServer;
let ids: MemberIds;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startServer();
  ids = await memberIds(server.db);
  for (const [name, password] of [
    ["demo", "demo1234"],
    ["demo-sub1", "demo1234"],
    ["acme", "acme1234"],
  ] as const)
    tokens[name] = (await login(server.app, name, password)).token;
});
afterAll(async () => {
  await server?.close();
});

type Account = "demo" | "demo-sub1" | "acme";
const call = (
  account: Account | null,
  method: "GET" | "POST" | "DELETE",
  url: string,
  opts: { query?: Record<string, string>; payload?: unknown; language?: string } = {},
) =>
  server.app.inject({
    method,
    url: `/api/${url}`,
    query: opts.query,
    payload: opts.payload as object | undefined,
    headers: {
      ...(account ? bearer(tokens[account]!) : {}),
      ...(opts.language ? { "accept-language": opts.language } : {}),
    },
  });

const customerCount = async (memberId: number) =>
  Number((await server.db.select({ n: count() }).from(customers).where(eq(customers.memberId, memberId)))[0]!.n);

const basic = {
  custName: "Ada Lovelace",
  shortName: "Ada",
  genderId: 10041,
  height: 165,
  heightUnit: 10266,
  weight: 58,
  weightUnit: 10261,
  phone: "+44 20 1234",
  email: "ada@example.com",
  address: "12 St James's Square",
  birthdate: "1985-12-10",
  remark: "prefers navy",
};

function multipart(fileName: string, bytes: Buffer) {
  const boundary = "----customer-book";
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
const sendFile = (account: Account, url: string, fileName: string, bytes: Buffer, language?: string) => {
  const { payload, contentType } = multipart(fileName, bytes);
  return server.app.inject({
    method: "POST",
    url: `/api/${url}`,
    payload,
    headers: {
      "content-type": contentType,
      ...bearer(tokens[account]!),
      ...(language ? { "accept-language": language } : {}),
    },
  });
};

async function createCustomer(account: Account, extra: Record<string, unknown> = {}) {
  const res = await call(account, "POST", "pc/customer", { payload: { ...basic, birthdate: "1985-12-10", ...extra } });
  const body = envelopeOf<{ id: number }>(res);
  expect(body.code, body.message).toBe(0);
  return body.data.id;
}

describe("the customer list", () => {
  it("CUST-035 CUST-046 GET pc/customer pages the account's customers 18 at a time with total and pages", async () => {
    const first = envelopeOf<Array<{ id: number; custName: string }>>(
      await call("demo", "GET", "pc/customer", { query: { pageSize: "18", pageNum: "1" } }),
    );
    expect(first.code).toBe(0);
    expect(first.data).toHaveLength(18);
    const total = await customerCount(ids.demo);
    expect(first.total).toBe(total);
    expect(first.pages).toBe(Math.ceil(total / 18));
    const second = envelopeOf<Array<{ id: number }>>(
      await call("demo", "GET", "pc/customer", { query: { pageNum: "2" } }),
    );
    expect(second.data.length).toBe(Math.min(18, total - 18));
    expect(second.data.some((c) => first.data.some((f) => f.id === c.id))).toBe(false);
  });

  it("CUST-002 CUST-005 keywords match name, nickname or phone; a card has name, phone, remark and picture", async () => {
    const id = await createCustomer("demo", { custName: "Zelda Keyword", phone: "555-0199", remark: "likes tweed" });
    const byName = envelopeOf<Array<Record<string, unknown>>>(
      await call("demo", "GET", "pc/customer", { query: { keywords: "zelda" } }),
    );
    expect(byName.data).toEqual([
      { id, custName: "Zelda Keyword", shortName: "Ada", phone: "555-0199", remark: "likes tweed", imagePath: "" },
    ]);
    const byPhone = envelopeOf<Array<{ id: number }>>(
      await call("demo", "GET", "pc/customer", { query: { keywords: "0199" } }),
    );
    expect(byPhone.data.map((c) => c.id)).toEqual([id]);
    // another account's search never finds it
    const other = envelopeOf<unknown[]>(await call("acme", "GET", "pc/customer", { query: { keywords: "zelda" } }));
    expect(other.data).toEqual([]);
  });

  it("CUST-035 the list is one statement after the token look-up, whatever the page holds", async () => {
    const { statements } = await server.queries.during(() =>
      call("demo", "GET", "pc/customer", { query: { keywords: "a" } }),
    );
    expect(statements.filter((q) => /"customers"/.test(q))).toHaveLength(1);
    // the token look-up and the page
    expect(statements.length).toBeLessThanOrEqual(2);
  });
});

describe("create, read, update and delete", () => {
  it("CUST-037 CUST-018 CUST-036 CUST-019 a customer saved with its four parts reads back with names", async () => {
    const parts = envelopeOf<Array<{ id: number; minValue: number; maxValue: number }>>(
      await call("demo", "GET", "pc/dict/measureInfo", { query: { category: "3000", measureType: "10052" } }),
    ).data;
    const finished = envelopeOf<Array<{ id: number; minValue: number; maxValue: number }>>(
      await call("demo", "GET", "pc/dict/measureInfo", { query: { category: "1000", measureType: "10053" } }),
    ).data;
    const specs = envelopeOf<Array<{ id: number; details: Array<{ id: number }> }>>(
      await call("demo", "GET", "pc/dict/specBody", { query: { category: "3000", sizeType: "10052" } }),
    ).data;
    const posture = specs[0]!.details[1]!.id;
    const id = await createCustomer("demo", {
      styleIds: [10891, 10894],
      customerSizeList: [{ partId: parts[0]!.id, partSize: parts[0]!.minValue }],
      cySizeList: [{ clothId: 1000, partList: [{ partId: finished[0]!.id, partSize: finished[0]!.maxValue }] }],
      customerSpecialList: [{ specId: posture }],
    });
    const detail = envelopeOf<Record<string, unknown>>(
      await call("demo", "GET", "pc/customer/getOne", { query: { id: String(id) } }),
    ).data;
    expect(detail).toMatchObject({
      id,
      custName: "Ada Lovelace",
      shortName: "Ada",
      genderId: 10041,
      genderName: "Female",
      height: 165,
      heightUnitName: "cm",
      weight: 58,
      weightUnitName: "kg",
      birthdate: "1985-12-10",
      orderCount: 0,
      imagePath: "",
      attachId: "",
      cusOrderCode: "",
    });
    expect(detail.styleList).toEqual([
      { id: 10891, name: "Classic" },
      { id: 10894, name: "Casual" },
    ]);
    expect(detail.customerSizeList).toEqual([
      expect.objectContaining({ partId: parts[0]!.id, partSize: parts[0]!.minValue, partName: expect.any(String) }),
    ]);
    expect(detail.cySizeList).toEqual([
      {
        clothId: 1000,
        name: "Shirt",
        partList: [expect.objectContaining({ partId: finished[0]!.id, partSize: finished[0]!.maxValue })],
      },
    ]);
    expect(detail.customerSpecialList).toEqual([expect.objectContaining({ specId: posture, desId: specs[0]!.id })]);
    // In Chinese, the names in Chinese.
    const zh = envelopeOf<{ genderName: string; styleList: Array<{ name: string }> }>(
      await call("demo", "GET", "pc/customer/getOne", { query: { id: String(id) }, language: "zh" }),
    ).data;
    expect(zh.genderName).toBe("女");
    expect(zh.styleList[0]!.name).toBe("经典");

    // CUST-048: an inch customer reads its sizes in inches (stored in cm once).
    const inch = await createCustomer("demo", {
      height: 65,
      heightUnit: 10265,
      customerSizeList: [{ partId: parts[0]!.id, partSize: Math.ceil((parts[0]!.minValue / 2.54) * 100) / 100 }],
    });
    const inchDetail = envelopeOf<{ customerSizeList: Array<{ partSize: number }>; heightUnitName: string }>(
      await call("demo", "GET", "pc/customer/getOne", { query: { id: String(inch) } }),
    ).data;
    expect(inchDetail.heightUnitName).toBe("inch");
    expect(inchDetail.customerSizeList[0]!.partSize).toBeCloseTo(parts[0]!.minValue / 2.54, 1);

    // The order entry's autocomplete reads the same book at once.
    const found = envelopeOf<Array<{ id: number }>>(
      await call("demo", "GET", "pc/customer/getCust", { query: { keywords: "Ada Lovelace" } }),
    );
    expect(found.data.map((c) => c.id)).toContain(id);
  });

  it("CUST-029 editing a customer updates it; an edit of another account's customer is not found and changes nothing", async () => {
    const id = await createCustomer("demo");
    const res = await call("demo", "POST", "pc/customer", { payload: { ...basic, id, custName: "Ada King" } });
    expect(envelopeOf(res).code).toBe(0);
    expect(envelopeOf(res).message).toBe("Customer saved");
    for (const account of ["acme", "demo-sub1"] as const) {
      const refused = envelopeOf(
        await call(account, "POST", "pc/customer", { payload: { ...basic, id, custName: "Hijack" } }),
      );
      expect(refused.code).toBe(1003);
    }
    const detail = envelopeOf<{ custName: string }>(
      await call("demo", "GET", "pc/customer/getOne", { query: { id: String(id) } }),
    );
    expect(detail.data.custName).toBe("Ada King");
  });

  it("CUST-024 CUST-025 CUST-026 CUST-027 CUST-028 CUST-030 each missing required field has its own message (D-06)", async () => {
    const before = await customerCount(ids.demo);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ custName: " " }, "Please fill in the customer name"],
      [{ shortName: "" }, "Please fill in the nickname"],
      [{ genderId: null }, "Please choose the gender"],
      [{ height: "" }, "Please fill in the height"],
      [{ weight: null }, "Please fill in the weight"],
    ];
    for (const [change, message] of cases) {
      const body = envelopeOf(await call("demo", "POST", "pc/customer", { payload: { ...basic, ...change } }));
      expect(body.code).toBe(1002);
      expect(body.message).toBe(message);
    }
    expect(await customerCount(ids.demo)).toBe(before);
  });

  it("CUST-031 phone, e-mail, address and birthday are optional", async () => {
    const id = await createCustomer("demo", { phone: "", email: "", address: "", birthdate: "" });
    expect(id).toBeGreaterThan(0);
  });

  it("bad input: 31 February, a height of -1 or 10,000, a bad e-mail: a message, nothing changed, never 500", async () => {
    const before = await customerCount(ids.demo);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ birthdate: "1990-02-31" }, /The birthday 1990-02-31 is not a date/],
      [{ height: -1 }, /Height must be between 40 and 250 cm/],
      [{ height: 10000 }, /Height must be between 40 and 250 cm/],
      [{ height: 200, heightUnit: 10265 }, /Height must be between 15.75 and 98.43 inch/],
      [{ weight: 0 }, /Weight must be between 3 and 300 kg/],
      [{ email: "not-an-email" }, /Incorrect e-mail format/],
      [{ styleIds: [10040] }, /Dress style 10040 does not exist/],
      [{ customerSizeList: [{ partId: 1, partSize: 10 }] }, /Measurement part 1 does not exist/],
    ];
    for (const [change, message] of cases) {
      const res = await call("demo", "POST", "pc/customer", { payload: { ...basic, ...change } });
      expect(res.statusCode).toBeLessThan(500);
      expect(envelopeOf(res).code).not.toBe(0);
      expect(envelopeOf(res).message).toMatch(message);
    }
    const out = envelopeOf<Array<{ id: number; minValue: number; maxValue: number; name: string }>>(
      await call("demo", "GET", "pc/dict/measureInfo", { query: { category: "3000", measureType: "10052" } }),
    ).data[0]!;
    const range = envelopeOf(
      await call("demo", "POST", "pc/customer", {
        payload: { ...basic, customerSizeList: [{ partId: out.id, partSize: out.maxValue + 50 }] },
      }),
    );
    expect(range.message).toBe(`${out.name} out of range (${out.minValue}–${out.maxValue} cm)`);
    const zh = envelopeOf(
      await call("demo", "POST", "pc/customer", { payload: { ...basic, height: -1 }, language: "zh" }),
    );
    expect(zh.message).toBe("身高必须在 40 到 250 cm 之间");
    expect(await customerCount(ids.demo)).toBe(before);
  });

  it("bad input: an HTML script in a name is stored and answered as the text it is", async () => {
    const name = '<script>alert("x")</script>';
    const id = await createCustomer("demo", { custName: name });
    const detail = envelopeOf<{ custName: string }>(
      await call("demo", "GET", "pc/customer/getOne", { query: { id: String(id) } }),
    );
    expect(detail.data.custName).toBe(name);
  });

  it("a customer without orders can be deleted by its account only; one with orders cannot", async () => {
    const id = await createCustomer("demo");
    expect(envelopeOf(await call("acme", "DELETE", "pc/customer", { query: { id: String(id) } })).code).toBe(1003);
    expect(envelopeOf(await call("demo", "DELETE", "pc/customer", { query: { id: String(id) } })).code).toBe(0);
    expect(envelopeOf(await call("demo", "GET", "pc/customer/getOne", { query: { id: String(id) } })).code).toBe(1003);
    const [withOrders] = await server.db
      .select({ id: orders.customerId })
      .from(orders)
      .where(eq(orders.memberId, ids.demo))
      .limit(1);
    expect(withOrders?.id).toBeTruthy();
    const refused = envelopeOf(await call("demo", "DELETE", "pc/customer", { query: { id: String(withOrders!.id) } }));
    expect(refused.message).toBe("This customer has orders and cannot be deleted");
  });
});

describe("the customer's orders and dictionaries", () => {
  it("CUST-012 CUST-047 the customer's orders are the account's orders of that customer, 20 a page, with the order count", async () => {
    const [row] = await server.db
      .select({ id: orders.customerId, n: count() })
      .from(orders)
      .where(and(eq(orders.memberId, ids.demo), ne(orders.statusId, 10368)))
      .groupBy(orders.customerId)
      .orderBy(desc(count()))
      .limit(1);
    const customerId = String(row!.id);
    const page = envelopeOf<Array<{ custName: string }>>(
      await call("demo", "GET", "pc/order/getOrderCartList", { query: { type: "3", customerId, pageSize: "20" } }),
    );
    // every order of the page is this customer's, and there is at least the one counted
    expect(page.total).toBeGreaterThanOrEqual(Number(row!.n));
    expect(page.data.length).toBe(Math.min(20, page.total!));
    expect(new Set(page.data.map((o) => o.custName)).size).toBe(1);
    const detail = envelopeOf<{ orderCount: number; cusOrderCode: string }>(
      await call("demo", "GET", "pc/customer/getOne", { query: { id: customerId } }),
    ).data;
    // the count also holds the orders still in the cart
    expect(detail.orderCount).toBeGreaterThanOrEqual(Number(row!.n));
    // another account sees none of them
    const other = envelopeOf<unknown[]>(
      await call("acme", "GET", "pc/order/getOrderCartList", { query: { type: "3", customerId, pageSize: "20" } }),
    );
    expect(other.data).toEqual([]);
  });

  it("CUST-045 dress styles are dictionary 89; CUST-044 (D-05) category 14 is appearance, never a body part", async () => {
    const styles = envelopeOf<Array<{ id: number; name: string }>>(
      await call("demo", "GET", "pc/dictsystem/listDictSystem", { query: { category: "89" } }),
    ).data;
    expect(styles.map((s) => s.id)).toEqual([10891, 10892, 10893, 10894, 10895, 10896]);
    const appearance = envelopeOf<Array<{ id: number }>>(
      await call("demo", "GET", "pc/dictsystem/listDictSystem", { query: { category: "14" } }),
    ).data;
    for (const entry of appearance) {
      const body = envelopeOf(
        await call("demo", "POST", "pc/customer", {
          payload: { ...basic, customerSizeList: [{ partId: entry.id, partSize: 50 }] },
        }),
      );
      expect(body.message).toBe(`Measurement part ${entry.id} does not exist`);
      const style = envelopeOf(
        await call("demo", "POST", "pc/customer", { payload: { ...basic, styleIds: [entry.id] } }),
      );
      expect(style.message).toBe(`Dress style ${entry.id} does not exist`);
    }
  });
});

describe("appointments and notes", () => {
  it("CUST-020 CUST-021 CUST-039 CUST-040 CUST-017 CUST-047 add and edit an appointment, add and delete a note, paged 20", async () => {
    const customerId = await createCustomer("demo");
    const saved = envelopeOf<Record<string, unknown>>(
      await call("demo", "POST", "pc/customer/saveCustomerNote", {
        payload: { content: "First fitting", type: 1, customerId, appointmentDate: "2030-03-04T10:30:00Z" },
      }),
    );
    expect(saved.code).toBe(0);
    expect(saved.data).toMatchObject({
      content: "First fitting",
      type: 1,
      customerId,
      appointmentDate: "2030-03-04T10:30:00.000Z",
    });
    const edited = envelopeOf<Record<string, unknown>>(
      await call("demo", "POST", "pc/customer/saveCustomerNote", {
        payload: {
          id: saved.data.id,
          content: "Second fitting",
          type: 1,
          customerId,
          appointmentDate: "2030-03-05T11:00:00Z",
        },
      }),
    );
    expect(edited.data).toMatchObject({
      id: saved.data.id,
      content: "Second fitting",
      appointmentDate: "2030-03-05T11:00:00.000Z",
    });
    for (let i = 0; i < 21; i++)
      await call("demo", "POST", "pc/customer/saveCustomerNote", {
        payload: { content: `note ${i}`, type: 2, customerId },
      });
    const page = envelopeOf<Array<{ content: string; type: number }>>(
      await call("demo", "GET", "pc/customer/listCustomerNote", {
        query: { type: "2", customerId: String(customerId), pageSize: "20", pageNum: "1" },
      }),
    );
    expect(page.data).toHaveLength(20);
    expect(page.total).toBe(21);
    expect(page.data[0]!.content).toBe("note 20");
    expect(page.data.every((n) => n.type === 2)).toBe(true);
    const appointments = envelopeOf<unknown[]>(
      await call("demo", "GET", "pc/customer/listCustomerNote", {
        query: { type: "1", customerId: String(customerId) },
      }),
    );
    expect(appointments.total).toBe(1);
    const across = envelopeOf<Array<{ custName: string; content: string }>>(
      await call("demo", "GET", "pc/customer/appointments", { query: { from: "2030-03-01", days: "30" } }),
    );
    expect(across.data).toEqual([expect.objectContaining({ content: "Second fitting", custName: "Ada Lovelace" })]);
  });

  it("CUST-041 a note is deleted by its account only", async () => {
    const customerId = await createCustomer("demo");
    const note = envelopeOf<{ id: number }>(
      await call("demo", "POST", "pc/customer/saveCustomerNote", {
        payload: { content: "to go", type: 2, customerId },
      }),
    ).data;
    for (const other of ["acme", "demo-sub1"] as const)
      expect(
        envelopeOf(await call(other, "DELETE", "pc/customer/deleteCustomerNote", { query: { id: String(note.id) } }))
          .code,
      ).toBe(1003);
    expect(
      envelopeOf(await call("demo", "DELETE", "pc/customer/deleteCustomerNote", { query: { id: String(note.id) } }))
        .code,
    ).toBe(0);
    const left = envelopeOf<unknown[]>(
      await call("demo", "GET", "pc/customer/listCustomerNote", {
        query: { type: "2", customerId: String(customerId) },
      }),
    );
    expect(left.total).toBe(0);
  });

  it("an appointment needs a real date and time; a note needs content", async () => {
    const customerId = await createCustomer("demo");
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ content: "x", type: 1 }, "Please choose the appointment date and time"],
      [
        { content: "x", type: 1, appointmentDate: "2030-02-31T10:00" },
        "The appointment date 2030-02-31T10:00 is not a date and time",
      ],
      [{ content: "  ", type: 2 }, "Please fill in the content"],
    ];
    for (const [payload, message] of cases) {
      const res = await call("demo", "POST", "pc/customer/saveCustomerNote", { payload: { customerId, ...payload } });
      expect(envelopeOf(res).message).toBe(message);
    }
  });
});

async function picture(color: string) {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: color } })
    .png()
    .toBuffer();
}

describe("the profile picture", () => {
  it("CUST-022 CUST-023 CUST-042 CUST-043 upload, link (hostName customer, type 1), then delete the old one", async () => {
    const customerId = await createCustomer("demo");
    const first = envelopeOf<{ id: string }>(
      await sendFile("demo", "pc/attachment/upload", "a.png", await picture("#f00")),
    ).data;
    expect(
      envelopeOf(
        await call("demo", "POST", "pc/attachment/save", {
          payload: { id: first.id, hostId: customerId, hostName: "customer", type: 1 },
        }),
      ).code,
    ).toBe(0);
    const read = async () =>
      envelopeOf<{ attachId: string; imagePath: string }>(
        await call("demo", "GET", "pc/customer/getOne", { query: { id: String(customerId) } }),
      ).data;
    expect(await read()).toMatchObject({ attachId: first.id, imagePath: `/api/pc/attachment/${first.id}` });

    // Step 1 fails (an executable renamed .png): the old picture stays.
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00"), Buffer.alloc(200)]);
    expect(envelopeOf(await sendFile("demo", "pc/attachment/upload", "evil.png", exe)).code).not.toBe(0);
    expect((await read()).attachId).toBe(first.id);

    // Step 2 fails (the link names another account's customer): the old picture stays.
    const second = envelopeOf<{ id: string }>(
      await sendFile("demo", "pc/attachment/upload", "b.png", await picture("#0f0")),
    ).data;
    const acmeCustomer = await createCustomer("acme");
    expect(
      envelopeOf(
        await call("demo", "POST", "pc/attachment/save", {
          payload: { id: second.id, hostId: acmeCustomer, hostName: "customer", type: 1 },
        }),
      ).code,
    ).toBe(1003);
    expect((await read()).attachId).toBe(first.id);

    // Step 2 succeeds, step 3 fails (deleting names an id that is not the account's): the new picture is shown.
    expect(
      envelopeOf(
        await call("demo", "POST", "pc/attachment/save", {
          payload: { id: second.id, hostId: customerId, hostName: "customer", type: 1 },
        }),
      ).code,
    ).toBe(0);
    expect((await read()).attachId).toBe(second.id);
    const otherDelete = envelopeOf<{ deleted: number }>(
      await call("acme", "DELETE", "pc/attachment", { query: { ids: first.id } }),
    );
    expect(otherDelete.data.deleted).toBe(0);
    expect((await read()).attachId).toBe(second.id);
    // Step 3 succeeds: the old one is gone, the new one stays.
    expect(
      envelopeOf<{ deleted: number }>(await call("demo", "DELETE", "pc/attachment", { query: { ids: first.id } })).data
        .deleted,
    ).toBe(1);
    expect((await read()).attachId).toBe(second.id);
    expect((await server.app.inject({ method: "GET", url: `/api/pc/attachment/${first.id}` })).statusCode).toBe(404);
  });

  it("CUST-033 a picture is an image by its content: an executable renamed .png is refused", async () => {
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00"), Buffer.alloc(200)]);
    const body = envelopeOf(await sendFile("demo", "pc/attachment/upload", "evil.png", exe));
    expect(body.code).toBe(1002);
    expect(body.message).toBe("Only png, jpg and jpeg pictures can be uploaded");
  });
});

const template =
  "Name,Nickname,Gender (M/F),Height,Height unit (cm/inch),Weight,Weight unit (kg/lb),Phone,E-mail,Address,Birthday (YYYY-MM-DD),Remark";

describe("CSV import", () => {
  it("CUST-008 only the accounts the setting names may import (D-17)", async () => {
    expect(envelopeOf<{ allowed: boolean }>(await call("demo", "GET", "pc/customer/importAllowed")).data.allowed).toBe(
      true,
    );
    expect(envelopeOf<{ allowed: boolean }>(await call("acme", "GET", "pc/customer/importAllowed")).data.allowed).toBe(
      true,
    );
    expect(
      envelopeOf<{ allowed: boolean }>(await call("demo-sub1", "GET", "pc/customer/importAllowed")).data.allowed,
    ).toBe(false);
    const refused = envelopeOf(
      await sendFile("demo-sub1", "pc/customer/importOnNlnbu", "a.csv", Buffer.from(`${template}\nA,B,M,180,cm,80,kg`)),
    );
    expect(refused.code).toBe(1004);
  });

  it("CUST-032 only .csv files: 'only CSV files may be uploaded'", async () => {
    const body = envelopeOf(
      await sendFile("demo", "pc/customer/importOnNlnbu", "book.xlsx", Buffer.from("PK\x03\x04")),
    );
    expect(body.code).toBe(1002);
    expect(body.message).toBe("Only CSV files may be uploaded");
  });

  it("CUST-038 a file with valid and invalid rows imports nothing and names every invalid row and why", async () => {
    const before = await customerCount(ids.demo);
    const csv = `${template}\nGood One,G1,M,180,cm,80,kg,111,,,,\n,NoName,M,180,cm,80,kg,,,,,\nBad Date,BD,F,165,cm,55,kg,,,,1990-02-31,\nTall,T,M,10000,cm,80,kg,,,,,\n`;
    const res = await sendFile("demo", "pc/customer/importOnNlnbu", "mixed.csv", Buffer.from(csv));
    const body = envelopeOf<{ invalid: Array<{ line: number; reasons: string[] }>; imported: number; valid: number }>(
      res,
    );
    expect(body.code).toBe(1002);
    expect(body.message).toBe("3 rows are invalid; nothing was imported");
    expect(body.data.invalid.map((r) => r.line)).toEqual([3, 4, 5]);
    expect(body.data.invalid[0]!.reasons).toEqual(["Please fill in the customer name"]);
    expect(body.data.invalid[1]!.reasons).toEqual(["The birthday 1990-02-31 is not a date"]);
    expect(body.data.invalid[2]!.reasons).toEqual(["Height must be between 40 and 250 cm"]);
    expect(body.data.imported).toBe(0);
    expect(await customerCount(ids.demo)).toBe(before);
  });

  it("CUST-038 a valid file imports in one go, each customer with its first history version; duplicates by name and phone are reported; preview writes nothing", async () => {
    const before = await customerCount(ids.acme);
    const csv = `${template}\nImported One,I1,M,180,cm,80,kg,201,,,,\nImported Two,I2,F,65,inch,130,lb,202,,,1990-01-31,\nImported One,dup,M,180,cm,80,kg,201,,,,\n`;
    const preview = envelopeOf<{ valid: number; duplicates: Array<{ line: number }>; preview: unknown[] }>(
      await server.app.inject({
        method: "POST",
        url: "/api/pc/customer/importOnNlnbu?preview=1",
        payload: multipart("book.csv", Buffer.from(csv)).payload,
        headers: { "content-type": multipart("x", Buffer.alloc(0)).contentType, ...bearer(tokens.acme!) },
      }),
    );
    expect(preview.code).toBe(0);
    expect(preview.message).toBe("2 rows can be imported, 0 are invalid");
    expect(preview.data.valid).toBe(2);
    expect(preview.data.duplicates.map((d) => d.line)).toEqual([4]);
    expect(await customerCount(ids.acme)).toBe(before);
    const done = envelopeOf<{ imported: number }>(
      await sendFile("acme", "pc/customer/importOnNlnbu", "book.csv", Buffer.from(csv)),
    );
    expect(done.code).toBe(0);
    expect(done.message).toBe("2 customers imported");
    expect(await customerCount(ids.acme)).toBe(before + 2);
    // issue 24: each imported customer has its first measurement-history version, as one added in the modal
    const imported = await server.db
      .select({ id: customers.id, custName: customers.custName })
      .from(customers)
      .where(and(eq(customers.memberId, ids.acme), eq(customers.phone, "202")));
    expect(imported.map((c) => c.custName)).toEqual(["Imported Two"]);
    const first = envelopeOf<Array<{ orderId: number | null; height: number; heightUnit: number; weight: number }>>(
      await call("acme", "GET", "pc/customer/measureHistory", { query: { customerId: String(imported[0]!.id) } }),
    );
    expect(first.data).toEqual([
      expect.objectContaining({ orderId: null, height: 65, heightUnit: 10265, weight: 130, sizes: [] }),
    ]);
    expect(
      envelopeOf(
        await call("demo", "GET", "pc/customer/measureHistory", { query: { customerId: String(imported[0]!.id) } }),
      ).code,
    ).toBe(1003);
    // Again: both are duplicates now, nothing new.
    const again = envelopeOf<{ imported: number; duplicates: unknown[] }>(
      await sendFile("acme", "pc/customer/importOnNlnbu", "book.csv", Buffer.from(csv)),
    );
    expect(again.data.duplicates).toHaveLength(3);
    expect(await customerCount(ids.acme)).toBe(before + 2);
  });

  it("GBK and UTF-8 with BOM read correctly (Chinese headers and names)", async () => {
    const zh =
      "姓名,昵称,性别 (M/F),身高,身高单位 (cm/inch),体重,体重单位 (kg/lb),电话\n王小明,小明,男,175,厘米,70,千克,301\n";
    const gbk = envelopeOf<{ preview: Array<{ custName: string }> }>(
      await sendFile("demo", "pc/customer/importOnNlnbu?preview=1", "gbk.csv", iconv.encode(zh, "gbk")),
    );
    expect(gbk.code).toBe(0);
    expect(gbk.data.preview[0]!.custName).toBe("王小明");
    const bom = envelopeOf<{ preview: Array<{ custName: string }> }>(
      await sendFile(
        "demo",
        "pc/customer/importOnNlnbu?preview=1",
        "bom.csv",
        Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(zh)]),
      ),
    );
    expect(bom.data.preview[0]!.custName).toBe("王小明");
  });

  it("formulas are stored as text and neutralised in the export; broken quotes, too many rows and an empty file are named", async () => {
    const formula = '=HYPERLINK("http://evil.example","click")';
    const csv = `${template}\n"${formula.replace(/"/g, '""')}",F,M,180,cm,80,kg,401,,,,\n`;
    expect(envelopeOf(await sendFile("demo", "pc/customer/importOnNlnbu", "f.csv", Buffer.from(csv))).code).toBe(0);
    const found = envelopeOf<Array<{ custName: string }>>(
      await call("demo", "GET", "pc/customer", { query: { keywords: "HYPERLINK" } }),
    );
    expect(found.data[0]!.custName).toBe(formula);
    const exported = await call("demo", "GET", "pc/customer/export");
    expect(exported.headers["content-type"]).toMatch(/^text\/csv/);
    expect(exported.body).toContain(`"'${formula.replace(/"/g, '""')}"`);
    expect(exported.body).not.toMatch(/(^|\n|,)"?=HYPERLINK/);

    const broken = envelopeOf(
      await sendFile("demo", "pc/customer/importOnNlnbu", "b.csv", Buffer.from(`${template}\n"open,quote,M\n`)),
    );
    expect(broken.code).toBe(1002);
    expect(broken.message).toMatch(/The file is not a readable CSV/);
    const many = `${template}\n${"A,B,M,180,cm,80,kg,,,,,\n".repeat(10_001)}`;
    const tooMany = envelopeOf(await sendFile("demo", "pc/customer/importOnNlnbu", "many.csv", Buffer.from(many)));
    expect(tooMany.message).toBe("The file has more than 10000 rows");
    const huge = envelopeOf(
      await sendFile("demo", "pc/customer/importOnNlnbu", "huge.csv", Buffer.alloc(6 * 1024 * 1024, 0x41)),
    );
    expect(huge.message).toBe("The file is larger than 5 MB");
    expect(
      envelopeOf(await sendFile("demo", "pc/customer/importOnNlnbu", "e.csv", Buffer.from(template))).message,
    ).toBe("The file has no customers");
  });

  it("the template downloads with the headers in the caller's language", async () => {
    const en = await call("demo", "GET", "pc/customer/importTemplate");
    expect(en.body.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(template);
    const zh = await call("demo", "GET", "pc/customer/importTemplate", { language: "zh" });
    expect(zh.body).toContain("姓名,昵称");
  });
});

describe("measurement history and the save-back of an order's measurements (issue 24)", () => {
  type Version = {
    id: number;
    orderId: number | null;
    orderCode: string;
    height: number;
    heightUnit: number;
    weight: number;
    sizes: Array<{ partId: number; name: string; partSizeCm: number; measureType: number }>;
  };
  const history = async (account: Account, customerId: number) =>
    envelopeOf<Version[]>(
      await call(account, "GET", "pc/customer/measureHistory", { query: { customerId: String(customerId) } }),
    );
  const bodyParts = async () =>
    envelopeOf<Array<{ id: number; defaultValue: number; minValue: number }>>(
      await call("demo", "GET", "pc/dict/measureInfo", { query: { category: "1000", measureType: "10052" } }),
    ).data;

  /** An order saved to the cart for a customer of the book, measured 2 cm more than its defaults, at 170 cm and 60 kg. */
  async function orderFor(
    account: Account,
    customerId: number | null,
    parts: Array<{ id: number; defaultValue: number }>,
  ) {
    const saved = envelopeOf<{ orderId: string; orderCode: string }>(
      await call(account, "POST", "pc/order/saveOrder", {
        payload: {
          clothCategory: 1000,
          fabric: "RC1006",
          ...(customerId === null ? {} : { customerId }),
          customerName: "History Person",
          shortName: "Hist",
          genderId: 10040,
          height: 170,
          heightUnit: 10266,
          weight: 60,
          weightUnit: 10261,
          detailList: [
            {
              clothCategory: 1000,
              craftList: [],
              embList: [],
              sizeList: parts.map((p) => ({ partId: p.id, partValue: p.defaultValue + 2, modifyValue: 0 })),
            },
          ],
        },
      }),
    );
    expect(saved.code, saved.message).toBe(0);
    return { id: Number(saved.data.orderId), code: saved.data.orderCode };
  }

  it("every save that changes the measurements keeps a version; a save that changes none keeps none; one statement reads them", async () => {
    const parts = await bodyParts();
    const id = await createCustomer("demo", {
      custName: "History Person",
      customerSizeList: [{ partId: parts[0]!.id, partSize: parts[0]!.defaultValue }],
    });
    let versions = (await history("demo", id)).data;
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ orderId: null, orderCode: "", height: 165, heightUnit: 10266, weight: 58 });
    expect(versions[0]!.sizes).toEqual([
      expect.objectContaining({ partId: parts[0]!.id, partSizeCm: parts[0]!.defaultValue, measureType: 10052 }),
    ]);
    // the same record again: no new version; a new height: a new one, newest first
    const again = {
      custName: "History Person",
      customerSizeList: [{ partId: parts[0]!.id, partSize: parts[0]!.defaultValue }],
    };
    await call("demo", "POST", "pc/customer", { payload: { ...basic, ...again, id } });
    expect((await history("demo", id)).data).toHaveLength(1);
    await call("demo", "POST", "pc/customer", { payload: { ...basic, ...again, id, height: 166.5 } });
    versions = (await history("demo", id)).data;
    expect(versions.map((v) => v.height)).toEqual([166.5, 165]);
    // one statement after the token look-up, whatever the number of versions and sizes
    const { statements } = await server.queries.during(() =>
      call("demo", "GET", "pc/customer/measureHistory", { query: { customerId: String(id) } }),
    );
    expect(statements.filter((q) => /customer_measure_history/.test(q))).toHaveLength(1);
    expect(statements.length).toBeLessThanOrEqual(2);
  });

  it("an order's measurements go back to its customer only when asked: what would change, then the save with the order named", async () => {
    const parts = await bodyParts();
    const id = await createCustomer("demo", {
      custName: "History Person",
      customerSizeList: [{ partId: parts[0]!.id, partSize: parts[0]!.defaultValue }],
    });
    const order = await orderFor("demo", id, parts);
    // saving the order changed nothing in the book
    expect((await history("demo", id)).data).toHaveLength(1);
    const asked = envelopeOf<{ customerId: number; custName: string; current: Version; proposed: Version }>(
      await call("demo", "GET", "pc/customer/orderMeasures", { query: { orderId: String(order.id) } }),
    );
    expect(asked.code, asked.message).toBe(0);
    expect(asked.data).toMatchObject({ customerId: id, custName: "History Person" });
    expect(asked.data.current).toMatchObject({ height: 165, weight: 58 });
    expect(asked.data.proposed).toMatchObject({ height: 170, weight: 60, orderId: order.id, orderCode: order.code });
    expect(asked.data.proposed.sizes.find((s) => s.partId === parts[0]!.id)?.partSizeCm).toBe(
      parts[0]!.defaultValue + 2,
    );
    expect(asked.data.proposed.sizes).toHaveLength(parts.length);

    const saved = envelopeOf<{ customerId: number }>(
      await call("demo", "POST", "pc/customer/saveOrderMeasures", { payload: { orderId: order.id } }),
    );
    expect(saved.code, saved.message).toBe(0);
    expect(saved.message).toBe("The measurements were saved to the customer");
    const detail = envelopeOf<{
      height: number;
      weight: number;
      customerSizeList: Array<{ partId: number; partSize: number }>;
    }>(await call("demo", "GET", "pc/customer/getOne", { query: { id: String(id) } })).data;
    expect(detail).toMatchObject({ height: 170, weight: 60 });
    expect(detail.customerSizeList).toHaveLength(parts.length);
    expect(detail.customerSizeList.find((s) => s.partId === parts[0]!.id)?.partSize).toBe(parts[0]!.defaultValue + 2);
    const versions = (await history("demo", id)).data;
    expect(versions).toHaveLength(2);
    expect(versions[0]).toMatchObject({ orderId: order.id, orderCode: order.code, height: 170 });
  });

  it("an order can start from any past set: measureInfo with measureSetId answers that set's values; another's set is not found", async () => {
    const parts = await bodyParts();
    const [first, second] = [parts[0]!, parts[1]!];
    const sizes = (a: number, b: number) => [
      { partId: first.id, partSize: a },
      { partId: second.id, partSize: b },
    ];
    const [a, b] = [first.defaultValue, second.defaultValue];
    const id = await createCustomer("demo", { custName: "Set Person", customerSizeList: sizes(a, b) });
    await call("demo", "POST", "pc/customer", {
      payload: { ...basic, id, custName: "Set Person", customerSizeList: sizes(a + 2, b + 1) },
    });
    const [newer, older] = (await history("demo", id)).data;
    expect(older!.sizes.map((s) => s.partSizeCm)).toEqual([a, b]);
    const valuesOf = async (account: Account, query: Record<string, string>) => {
      const res = await call(account, "GET", "pc/dict/measureInfo", {
        query: { category: "1000", measureType: "10052", customerId: String(id), ...query },
      });
      const body = envelopeOf<Array<{ id: number; inputValue: number | null }>>(res);
      return { code: body.code, body: res.body, values: body.data?.slice(0, 2).map((p) => p.inputValue) };
    };
    expect((await valuesOf("demo", {})).values).toEqual([a + 2, b + 1]);
    expect((await valuesOf("demo", { measureSetId: String(older!.id) })).values).toEqual([a, b]);
    expect((await valuesOf("demo", { measureSetId: String(newer!.id) })).values).toEqual([a + 2, b + 1]);
    // another customer's set of the same account, and the set asked for by another account or a sub-account
    const other = await createCustomer("demo", { custName: "Other Set", customerSizeList: sizes(a + 3, b + 3) });
    const otherSet = (await history("demo", other)).data[0]!.id;
    const refused = await valuesOf("demo", { measureSetId: String(otherSet) });
    expect(refused.code).toBe(1003);
    expect(refused.values).toBeUndefined();
    for (const account of ["acme", "demo-sub1"] as const) {
      const res = await valuesOf(account, { measureSetId: String(older!.id) });
      expect(res.code, account).toBe(1003);
      expect(res.values, account).toBeUndefined();
    }
    // a set without its customer is not found; a malformed id is a clear 400
    const alone = envelopeOf(
      await call("demo", "GET", "pc/dict/measureInfo", {
        query: { category: "1000", measureType: "10052", measureSetId: String(older!.id) },
      }),
    );
    expect(alone.code).toBe(1003);
    expectErrorEnvelope(
      await call("demo", "GET", "pc/dict/measureInfo", {
        query: { category: "1000", measureType: "10052", customerId: String(id), measureSetId: "abc" },
      }),
      400,
    );
  });

  it("0 leaks: history, the question and the save-back are the account's own; bad input is named, nothing changes", async () => {
    const parts = await bodyParts();
    const id = await createCustomer("demo", { custName: "Secret History" });
    const order = await orderFor("demo", id, parts);
    const calls: Array<[string, "GET" | "POST", string, { query?: Record<string, string>; payload?: unknown }]> = [
      ["history", "GET", "pc/customer/measureHistory", { query: { customerId: String(id) } }],
      ["question", "GET", "pc/customer/orderMeasures", { query: { orderId: String(order.id) } }],
      ["save", "POST", "pc/customer/saveOrderMeasures", { payload: { orderId: order.id } }],
    ];
    for (const [name, method, url, opts] of calls) {
      expectErrorEnvelope(await call(null, method, url, opts), 401);
      for (const other of ["acme", "demo-sub1"] as const) {
        const res = await call(other, method, url, opts);
        expect(res.body, `${name} as ${other}`).not.toContain("Secret History");
        expect(envelopeOf(res).code, `${name} as ${other}`).toBe(1003);
      }
    }
    // bad input: a clear 400, never a 500; an order without a book customer is refused
    expectErrorEnvelope(await call("demo", "GET", "pc/customer/measureHistory", { query: { customerId: "abc" } }), 400);
    expectErrorEnvelope(await call("demo", "GET", "pc/customer/orderMeasures", { query: { orderId: "0" } }), 400);
    expectErrorEnvelope(
      await call("demo", "POST", "pc/customer/saveOrderMeasures", { payload: { orderId: "x" } }),
      400,
    );
    const loose = await orderFor("demo", null, parts);
    const refused = envelopeOf(
      await call("demo", "POST", "pc/customer/saveOrderMeasures", { payload: { orderId: loose.id } }),
    );
    expect(refused).toMatchObject({ code: 1002, message: "This order is not for a customer of your book" });
    // nothing changed
    const detail = envelopeOf<{ height: number }>(
      await call("demo", "GET", "pc/customer/getOne", { query: { id: String(id) } }),
    );
    expect(detail.data.height).toBe(165);
    expect((await history("demo", id)).data).toHaveLength(1);
  });
});

describe("access matrix: every call × {no token, own, another main account, sub-account}", () => {
  it("CUST-001 0 leaks: another account's customer is not found everywhere; no token is 401", async () => {
    const id = String(await createCustomer("demo", { custName: "Matrix Person" }));
    const note = envelopeOf<{ id: number }>(
      await call("demo", "POST", "pc/customer/saveCustomerNote", {
        payload: { content: "secret", type: 2, customerId: Number(id) },
      }),
    ).data.id;
    const calls: Array<
      [string, "GET" | "POST" | "DELETE", string, { query?: Record<string, string>; payload?: unknown }]
    > = [
      ["list", "GET", "pc/customer", {}],
      ["getOne", "GET", "pc/customer/getOne", { query: { id } }],
      ["save", "POST", "pc/customer", { payload: { ...basic, id: Number(id) } }],
      ["delete", "DELETE", "pc/customer", { query: { id } }],
      ["notes", "GET", "pc/customer/listCustomerNote", { query: { type: "2", customerId: id } }],
      [
        "saveNote",
        "POST",
        "pc/customer/saveCustomerNote",
        { payload: { content: "x", type: 2, customerId: Number(id) } },
      ],
      [
        "editNote",
        "POST",
        "pc/customer/saveCustomerNote",
        { payload: { id: note, content: "x", type: 2, customerId: Number(id) } },
      ],
      ["deleteNote", "DELETE", "pc/customer/deleteCustomerNote", { query: { id: String(note) } }],
      ["appointments", "GET", "pc/customer/appointments", {}],
      [
        "link",
        "POST",
        "pc/attachment/save",
        { payload: { id: "A".repeat(24), hostId: Number(id), hostName: "customer", type: 1 } },
      ],
      ["export", "GET", "pc/customer/export", {}],
    ];
    for (const [name, method, url, opts] of calls) {
      expectErrorEnvelope(await call(null, method, url, opts), 401);
      for (const other of ["acme", "demo-sub1"] as const) {
        const res = await call(other, method, url, opts);
        expect(res.statusCode, name).toBeLessThan(500);
        expect(res.body, `${name} as ${other}`).not.toContain("secret");
        expect(res.body, `${name} as ${other}`).not.toContain("Matrix Person");
        if (!["list", "appointments", "export"].includes(name))
          expect(envelopeOf(res).code, `${name} as ${other}`).toBe(1003);
      }
    }
    // Nothing changed: the customer and its note are as they were.
    const detail = envelopeOf<{ custName: string }>(await call("demo", "GET", "pc/customer/getOne", { query: { id } }));
    expect(detail.data.custName).toBe("Matrix Person");
    const notes = envelopeOf<Array<{ content: string }>>(
      await call("demo", "GET", "pc/customer/listCustomerNote", { query: { type: "2", customerId: id } }),
    );
    expect(notes.data.map((n) => n.content)).toEqual(["secret"]);
  });
});
