import { createHash } from "node:crypto";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../server/config.ts";
import { attachments, members } from "../../server/db/schema.ts";
import { boundedPool } from "../../server/modules/attachments/decodePool.ts";
import { decodePool } from "../../server/modules/attachments/picture.ts";
import { bearer, envelopeOf, login, startServer, type TestServer } from "./fixture.ts";

/**
 * Issue 9 §5: an upload is kept only when the whole file decodes as the picture type it claims; what is kept
 * is re-encoded without metadata; each account has a quota (here 4 pictures or 1 MB, to reach it quickly).
 */
const QUOTA_FILES = 4;
const QUOTA_MB = 1;
let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startServer({
    UPLOAD_QUOTA_FILES: String(QUOTA_FILES),
    UPLOAD_QUOTA_MB: String(QUOTA_MB),
    // One picture decoded at a time (issue 20 §4d(a)); the default is 2.
    UPLOAD_DECODE_CONCURRENCY: "1",
  });
  for (const [name, password] of [
    ["demo", "demo1234"],
    ["demo-sub1", "demo1234"],
    ["demo-sub2", "demo1234"],
    ["acme", "acme1234"],
  ] as const)
    tokens[name] = (await login(server.app, name, password)).token;
});
afterAll(async () => {
  await server?.close();
});

interface Attachment {
  id: string;
  urlPath: string;
  size: number;
}

function upload(account: string, fileName: string, bytes: Buffer, language?: string) {
  const boundary = "----upload-checks";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return server.app.inject({
    method: "POST",
    url: "/api/pc/attachment/upload",
    payload,
    headers: {
      "content-type": `multipart/form-data; boundary=${boundary}`,
      ...bearer(tokens[account]!),
      ...(language ? { "accept-language": language } : {}),
    },
  });
}

async function storedOf(account: string) {
  const [member] = await server.db.select({ id: members.id }).from(members).where(eq(members.username, account));
  const [row] = await server.db.select({ n: count() }).from(attachments).where(eq(attachments.memberId, member!.id));
  return Number(row!.n);
}

/**
 * Noise pixels: they do not compress, so a picture keeps about 3 bytes a pixel. Seeded (a SHA-256
 * chain), so every run decodes the same bytes: random pixels made a damaged jpeg that the decoder
 * sometimes read without a warning.
 */
function noise(width: number, height: number, seed = "noise") {
  const bytes = Buffer.alloc(width * height * 3);
  let block = createHash("sha256").update(seed).digest();
  for (let at = 0; at < bytes.length; at += block.length) {
    block.copy(bytes, at);
    block = createHash("sha256").update(block).digest();
  }
  return sharp(bytes, { raw: { width, height, channels: 3 } });
}

const picture = (width: number, height: number, background = "#b45309") =>
  sharp({ create: { width, height, channels: 3, background } });

/** A refusal: HTTP 200, code 1002, the message. */
function expectRefused(res: Awaited<ReturnType<typeof upload>>, message: string | RegExp) {
  expect(res.statusCode, res.body).toBe(200);
  const body = envelopeOf<null>(res);
  expect(body.code).toBe(1002);
  expect(body.data).toBeNull();
  expect(body.message).toMatch(message);
}

const DAMAGED = "The picture is damaged or is not the png or jpeg it claims to be";

describe("the whole file decodes as the type it claims", () => {
  it("API-010 a png or jpeg cut short, with damaged image data, or a png signature before a jpeg is refused; nothing is stored", async () => {
    const png = await picture(64, 48).png().toBuffer();
    const jpeg = await noise(64, 48).jpeg().toBuffer();
    const damagedPng = Buffer.from(png);
    damagedPng[png.length - 30]! ^= 0xff;
    const damagedJpeg = Buffer.from(jpeg);
    // Zeros in the middle of the compressed data: the header is intact, the picture data is not.
    damagedJpeg.fill(0, jpeg.length >> 1, (jpeg.length >> 1) + 64);
    const before = await storedOf("demo");
    for (const [name, bytes] of [
      ["cut.png", png.subarray(0, png.length - 20)],
      ["cut.jpg", jpeg.subarray(0, Math.floor(jpeg.length * 0.7))],
      ["bad.png", damagedPng],
      ["bad.jpg", damagedJpeg],
      ["mixed.png", Buffer.concat([png.subarray(0, 8), jpeg])],
      ["header-only.png", png.subarray(0, 40)],
    ] as const)
      expectRefused(await upload("demo", name, bytes), DAMAGED);
    expect(await storedOf("demo")).toBe(before);
    expect(envelopeOf(await upload("demo", "cut.png", png.subarray(0, 60), "zh")).message).toBe(
      "图片已损坏，或并非其声称的 png/jpeg 图片",
    );
  });

  it("API-010 a picture of more than 25 megapixels is refused from its header, before it is decoded", async () => {
    const huge = await picture(6000, 5000).png({ compressionLevel: 9 }).toBuffer();
    expect(huge.length).toBeLessThan(2048 * 1024);
    expectRefused(await upload("demo-sub2", "huge.png", huge), "The picture is too large: at most 25 megapixels");
    expect(await storedOf("demo-sub2")).toBe(0);
  });
});

describe("issue 20 §4d(a) decoding is bounded", () => {
  it("API-010 a 73 kB png of 25,000,000 × 1 pixels (inside 25 megapixels) is refused from its header: each side is at most 10,000 pixels", async () => {
    expect(readConfig({}).uploadMaxPictureSide).toBe(10_000);
    const long = await picture(25_000_000, 1).png({ compressionLevel: 9 }).toBuffer();
    expect(long.length).toBeLessThan(100 * 1024);
    const peak = decodePool.peak;
    expectRefused(
      await upload("demo", "long.png", long),
      "The picture is too large: at most 10000 pixels on each side",
    );
    expectRefused(
      await upload("demo", "tall.png", await picture(1, 10_001).png().toBuffer(), "zh"),
      "图片尺寸过大：每边最多 10000 像素",
    );
    // Refused before decoding: the decode pool never ran them.
    expect(decodePool.peak).toBe(peak);
    expect(decodePool.active).toBe(0);
    // A side of exactly 10,000 pixels is kept.
    expect(envelopeOf(await upload("demo", "strip.png", await picture(10_000, 2).png().toBuffer())).code).toBe(0);
  });

  it("parallel uploads are decoded through the bounded pool: UPLOAD_DECODE_CONCURRENCY 1 decodes one at a time, libvips one thread each", async () => {
    expect(sharp.concurrency()).toBe(1);
    decodePool.peak = 0;
    const pictures = await Promise.all([0, 1, 2].map((i) => noise(300, 300, `pool${i}`).png().toBuffer()));
    const results = await Promise.all(pictures.map((png, i) => upload("demo-sub2", `pool${i}.png`, png)));
    for (const res of results) expect(envelopeOf(res).code, res.body).toBe(0);
    expect(decodePool.peak).toBe(1);
    expect(decodePool.active + decodePool.waiting).toBe(0);
  });

  it("the pool runs at most its limit at once and the others in order of arrival", async () => {
    const pool = boundedPool(2);
    const gates = [0, 1, 2, 3].map(() => {
      let resolve = () => {};
      const promise = new Promise<void>((done) => (resolve = done));
      return { promise, resolve };
    });
    // Every pending reaction has run (the pool's hand-overs are promise reactions, never timers).
    const settled = () => new Promise((done) => setImmediate(done));
    const started: number[] = [];
    const runs = gates.map((gate, i) =>
      pool.run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await settled();
    expect(started).toEqual([0, 1]);
    expect([pool.active, pool.waiting]).toEqual([2, 2]);
    gates[1]!.resolve();
    expect(await runs[1]).toBe(1);
    await settled();
    expect(started).toEqual([0, 1, 2]);
    expect([pool.active, pool.waiting]).toEqual([2, 1]);
    gates[0]!.resolve();
    gates[2]!.resolve();
    gates[3]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(pool.peak).toBe(2);
    expect([pool.active, pool.waiting]).toEqual([0, 0]);
  });
});

describe("metadata is stripped", () => {
  it("a jpeg's EXIF (author, GPS position) and bytes hidden after the picture are not kept; the orientation is applied to the pixels", async () => {
    const jpeg = await picture(40, 20)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Artist: "Secret Tailor" }, IFD3: { GPSLatitudeRef: "N" } })
      .toBuffer();
    expect(jpeg.includes("Secret Tailor")).toBe(true);
    const sent = Buffer.concat([jpeg, Buffer.from("<script>alert(1)</script>")]);
    const res = await upload("demo", "photo.jpg", sent);
    const body = envelopeOf<Attachment>(res);
    expect(body.code, res.body).toBe(0);
    const kept = (await server.app.inject({ method: "GET", url: body.data.urlPath })).rawPayload;
    expect(kept.includes("Secret Tailor")).toBe(false);
    expect(kept.includes("<script>")).toBe(false);
    const meta = await sharp(kept).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 20, height: 40 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it("a png's text and EXIF chunks are not kept; its pixels are", async () => {
    const png = await picture(30, 10, "#123456")
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: "Private Copyright Note" } } })
      .toBuffer();
    expect(png.includes("Private Copyright Note")).toBe(true);
    const body = envelopeOf<Attachment>(await upload("demo", "logo.png", png));
    expect(body.code).toBe(0);
    const kept = (await server.app.inject({ method: "GET", url: body.data.urlPath })).rawPayload;
    expect(kept.includes("Private Copyright Note")).toBe(false);
    expect((await sharp(kept).metadata()).exif).toBeUndefined();
    const [a, b] = await Promise.all([sharp(png).raw().toBuffer(), sharp(kept).raw().toBuffer()]);
    expect(b.equals(a)).toBe(true);
  });
});

describe("the upload quota", () => {
  it(`an account keeps at most ${QUOTA_FILES} pictures: 10 parallel uploads store exactly ${QUOTA_FILES}, the rest are refused with a clear message; another account is not affected`, async () => {
    const png = await picture(8, 8).png().toBuffer();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => upload("demo-sub1", `p${i}.png`, png)));
    const codes = results.map((r) => envelopeOf(r).code);
    expect(codes.filter((c) => c === 0)).toHaveLength(QUOTA_FILES);
    for (const res of results.filter((r) => envelopeOf(r).code !== 0))
      expectRefused(res, "Your account's upload space is full (1 MB or 4 pictures); this picture was not stored");
    expect(await storedOf("demo-sub1")).toBe(QUOTA_FILES);
    expect(envelopeOf(await upload("demo-sub1", "p.png", png, "zh")).message).toBe(
      "您账户的上传空间已满（1 MB 或 4 张图片），此图片未保存",
    );
    expect(envelopeOf(await upload("acme", "p.png", png)).code).toBe(0);
  });

  it("an account's stored bytes are capped too: a picture that would pass the byte quota is refused", async () => {
    // Noise does not compress: each 400 × 400 picture keeps about 480 KB, so the third passes 1 MB.
    const sizes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await upload("acme", `noise${i}.png`, await noise(400, 400, `noise${i}`).png().toBuffer());
      const body = envelopeOf<Attachment>(res);
      if (body.code !== 0) {
        expectRefused(res, /upload space is full/);
        break;
      }
      sizes.push(body.data.size);
    }
    expect(sizes.length).toBeGreaterThan(0);
    expect(sizes.length).toBeLessThan(3);
    const [member] = await server.db.select({ id: members.id }).from(members).where(eq(members.username, "acme"));
    const rows = await server.db
      .select({ size: attachments.size })
      .from(attachments)
      .where(eq(attachments.memberId, member!.id));
    expect(rows.reduce((sum, r) => sum + r.size, 0)).toBeLessThanOrEqual(QUOTA_MB * 1024 * 1024);
  });
});
