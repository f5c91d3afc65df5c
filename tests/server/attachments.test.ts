import { and, asc, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachments, measureParts, orders } from "../../server/db/schema.ts";
import { fabricRow } from "../../server/db/seed.ts";
import { bearer, envelopeOf, expectErrorEnvelope, login, startServer, type TestServer } from "./fixture.ts";

/** Uploads (API-009..011): pictures checked by content, kept in the database, used by monogram artwork. */
let server: TestServer;
const tokens = { demo: "", acme: "" };
beforeAll(async () => {
  server = await startServer();
  tokens.demo = (await login(server.app, "demo", "demo1234")).token;
  tokens.acme = (await login(server.app, "acme", "acme1234")).token;
});
afterAll(async () => {
  await server?.close();
});

interface Attachment {
  id: string;
  name: string;
  urlPath: string;
  size: number;
  contentType: string;
}

/** Real pictures (the server decodes the whole file): a 16 × 12 png and jpeg. */
const PNG = await sharp({ create: { width: 16, height: 12, channels: 4, background: "#b45309" } })
  .png()
  .toBuffer();
const JPEG = await sharp({ create: { width: 16, height: 12, channels: 3, background: "#1f2937" } })
  .jpeg()
  .toBuffer();
const GIF = Buffer.from("GIF89a-rest-of-a-gif");

/** A multipart/form-data body with one part. */
function multipart(field: string, fileName: string, bytes: Buffer, type = "application/octet-stream") {
  const boundary = "----portal-test-boundary";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(
  fileName: string,
  bytes: Buffer,
  opts: { token?: string | null; field?: string; language?: string } = {},
) {
  const body = multipart(opts.field ?? "file", fileName, bytes);
  const token = opts.token === undefined ? tokens.demo : opts.token;
  return server.app.inject({
    method: "POST",
    url: "/api/pc/attachment/upload",
    payload: body.payload,
    headers: {
      ...body.headers,
      ...(token ? bearer(token) : {}),
      ...(opts.language ? { "accept-language": opts.language } : {}),
    },
  });
}

const stored = async () => Number((await server.db.select({ n: count() }).from(attachments))[0]!.n);

function refused(res: Awaited<ReturnType<typeof upload>>, message: string) {
  expect(res.statusCode, res.body).toBe(200);
  const body = envelopeOf<null>(res);
  expect(body.code).toBe(1002);
  expect(body.data).toBeNull();
  expect(body.message).toBe(message);
}

describe("uploads", () => {
  it("API-009 a png is stored and answered with id, name and urlPath; the urlPath gives the same picture back (same pixels, re-encoded)", async () => {
    const res = await upload("logo.png", PNG);
    expect(res.statusCode, res.body).toBe(200);
    const body = envelopeOf<Attachment>(res);
    expect(body).toMatchObject({ code: 0, message: "Uploaded" });
    expect(body.data).toMatchObject({ name: "logo.png", contentType: "image/png" });
    expect(body.data.id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(body.data.urlPath).toBe(`/api/pc/attachment/${body.data.id}`);
    const back = await server.app.inject({ method: "GET", url: body.data.urlPath });
    expect(back.statusCode).toBe(200);
    expect(back.headers["content-type"]).toBe("image/png");
    expect(back.rawPayload.length).toBe(body.data.size);
    const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const [sent, kept] = await Promise.all([pixels(PNG), pixels(back.rawPayload)]);
    expect(kept.info).toMatchObject({ width: 16, height: 12, channels: sent.info.channels });
    expect(kept.data.equals(sent.data)).toBe(true);
  });

  it("API-010 jpg and jpeg pictures are accepted by their content", async () => {
    for (const name of ["photo.jpg", "PHOTO.JPEG"]) {
      const body = envelopeOf<Attachment>(await upload(name, JPEG));
      expect(body.code).toBe(0);
      expect(body.data.contentType).toBe("image/jpeg");
    }
  });

  it("API-010 a file is checked by its content, not only its name: text named .png, a gif, a png named .gif are refused, nothing stored", async () => {
    const before = await stored();
    refused(
      await upload("notes.png", Buffer.from("just some text")),
      "Only png, jpg and jpeg pictures can be uploaded",
    );
    refused(await upload("anim.gif", GIF), "Only png, jpg and jpeg pictures can be uploaded");
    refused(await upload("picture.gif", PNG), "Only png, jpg and jpeg pictures can be uploaded");
    refused(await upload("empty.png", Buffer.alloc(0)), "Only png, jpg and jpeg pictures can be uploaded");
    expect(await stored()).toBe(before);
    const zh = envelopeOf(await upload("notes.png", Buffer.from("text"), { language: "zh" }));
    expect(zh.message).toBe("只能上传 png、jpg、jpeg 图片");
  });

  it("API-011 2048 KB is accepted, one byte more is refused", async () => {
    const exact = Buffer.concat([PNG, Buffer.alloc(2048 * 1024 - PNG.length)]);
    expect(envelopeOf(await upload("big.png", exact)).code).toBe(0);
    const before = await stored();
    refused(await upload("bigger.png", Buffer.concat([exact, Buffer.from([0])])), "The file is larger than 2048 KB");
    expect(await stored()).toBe(before);
  });

  it("API-009 no file, another field, or no multipart body at all are refused with a message; no token is a 401", async () => {
    refused(await upload("logo.png", PNG, { field: "picture" }), "Please choose a file to upload");
    const json = await server.app.inject({
      method: "POST",
      url: "/api/pc/attachment/upload",
      payload: { file: "x" },
      headers: bearer(tokens.demo),
    });
    refused(json, "Please choose a file to upload");
    expect(expectErrorEnvelope(await upload("logo.png", PNG, { token: null }), 401).code).toBe("ATI");
  });

  it("reading an unknown or malformed attachment id answers the 404 or 400 envelope", async () => {
    expectErrorEnvelope(
      await server.app.inject({ method: "GET", url: "/api/pc/attachment/AAAAAAAAAAAAAAAAAAAAAAAA" }),
      404,
    );
    expectErrorEnvelope(await server.app.inject({ method: "GET", url: "/api/pc/attachment/short" }), 400);
  });
});

describe("uploaded artwork in an order", () => {
  async function shirtWithArtwork(file: string | null) {
    const parts = await server.db
      .select()
      .from(measureParts)
      .where(and(eq(measureParts.categoryId, 1000), eq(measureParts.measureType, 10052)))
      .orderBy(asc(measureParts.pos));
    return {
      clothCategory: 1000,
      fabric: fabricRow(6).fabricCode,
      customerName: "Nina Brandt",
      shortName: "Nina",
      genderId: 10041,
      height: 168,
      weight: 58,
      detailList: [
        {
          clothCategory: 1000,
          embList: [{ site: 1555, color: 1511, font: 1500, content: "", file }],
          sizeList: parts.map((p) => ({ partId: p.id, partValue: p.defaultValue })),
        },
      ],
    };
  }
  const save = (draft: unknown, token = tokens.demo) =>
    server.app.inject({
      method: "POST",
      url: "/api/pc/order/saveOrder",
      payload: draft as Record<string, unknown>,
      headers: bearer(token),
    });

  it("QO-153 API-009 a monogram in the uploaded-artwork font (1500) is saved with the account's own file; another account's file does not exist", async () => {
    const mine = envelopeOf<Attachment>(await upload("monogram.png", PNG)).data;
    const res = await save(await shirtWithArtwork(mine.id));
    const body = envelopeOf<{ orderId: string }>(res);
    expect(body.code, body.message).toBe(0);
    const [row] = await server.db
      .select()
      .from(orders)
      .where(eq(orders.id, Number(body.data.orderId)));
    expect(row!.details[0]!.embs[0]).toMatchObject({ font: 1500, file: mine.id });

    const theirs = envelopeOf<Attachment>(await upload("theirs.png", PNG, { token: tokens.acme })).data;
    const before = Number((await server.db.select({ n: count() }).from(orders))[0]!.n);
    const refusedRes = await save(await shirtWithArtwork(theirs.id));
    expect(envelopeOf(refusedRes)).toMatchObject({
      code: 1003,
      message: `File ${theirs.id} does not exist`,
      data: null,
    });
    expect(Number((await server.db.select({ n: count() }).from(orders))[0]!.n)).toBe(before);
  });
});
