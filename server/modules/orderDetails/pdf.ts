import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { PDFDocument, PDFFont, PDFPage, RGB } from "pdf-lib";
import { formatMoney, moneyOf } from "../../../domain/money.ts";
import { translate, type Locale, type MessageKey } from "../../i18n.ts";
import type { OrderDetail } from "./service.ts";

/**
 * The order details as a PDF (PROD-018): A4 (PROD-068) with 20 pt margins (PROD-069), in the caller's
 * language, the text in Noto Sans SC (OFL) embedded as a subset so Chinese renders and can be read back.
 */

/** PROD-068: A4 portrait, in points. */
export const PAGE_SIZE: [number, number] = [595.28, 841.89]; // pdf-lib's `PageSizes.A4`
/** PROD-069: the margin on every side, in points. */
export const MARGIN = 20;

const require = createRequire(import.meta.url);
const FONT_FILE = require.resolve("@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf");

type Fontkit = Parameters<PDFDocument["registerFontkit"]>[0];
/** pdf-lib's module. */
export type PdfLib = typeof import("pdf-lib");
type FontkitFont = ReturnType<Fontkit["create"]>;

/** What `@pdf-lib/fontkit` 1.1.1's TrueType subset keeps while it encodes (its glyph records and their end). */
interface TrueTypeSubset {
  glyf?: Uint8Array[];
  offset?: number;
  _addGlyph?: (glyphId: number) => number;
}

/**
 * Issue 20: `@pdf-lib/fontkit` (1.1.1, the last release of pdf-lib's fork) writes a small TrueType subset
 * with the short `loca` format, which stores each glyph's offset halved, but copies the glyph records as
 * they are: after the first record of odd length every later offset is off by one byte, and viewers
 * (pdf.js, poppler) draw most letters blank while the text layer still reads. Upstream fontkit fixed it
 * (foliojs/fontkit#191, 1.8.0); the fork never took it. A subset of this font ends every glyph record on an
 * even length (a zero byte of padding, which the format allows), so the halved offsets are exact.
 */
function withEvenGlyphRecords(font: FontkitFont): FontkitFont {
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset() as ReturnType<typeof createSubset> & TrueTypeSubset;
    const addGlyph = subset._addGlyph?.bind(subset);
    // A CFF font (no glyph records, no loca) is left as it is.
    if (!addGlyph) return subset;
    subset._addGlyph = (glyphId) => {
      const id = addGlyph(glyphId);
      const record = subset.glyf![id]!;
      if (record.length % 2 === 1) {
        // The same buffer class the subset wrote, one zero byte longer.
        const padded = new (record.constructor as new (size: number) => Uint8Array)(record.length + 1);
        padded.set(record);
        padded[record.length] = 0;
        subset.glyf![id] = padded;
        subset.offset! += 1;
      }
      return id;
    };
    return subset;
  };
  return font;
}

/**
 * The font is read and parsed once per process (10 MB); each document embeds its own subset of it.
 * pdf-lib asks the registered fontkit to parse the bytes it is given: this one answers the parsed font.
 */
let parsedFont: Promise<{ bytes: Uint8Array; fontkit: Fontkit; pdf: PdfLib }> | undefined;
/**
 * The parsed font (every document of `startPdf`), with pdf-lib. Issue 21: pdf-lib and fontkit (half a second
 * of CPU to load) and the font are loaded by the first PDF, not at start.
 */
export function cjkFont() {
  parsedFont ??= Promise.all([readFile(FONT_FILE), import("@pdf-lib/fontkit"), import("pdf-lib")]).then(
    ([bytes, { default: fontkit }, pdf]) => {
      const font = withEvenGlyphRecords(fontkit.create(bytes));
      return { bytes, fontkit: { create: () => font }, pdf };
    },
  );
  // A failed read is not kept: the next request reads again.
  parsedFont.catch(() => (parsedFont = undefined));
  return parsedFont;
}

type PdfKey = Extract<MessageKey, `pdf.${string}`>;
/** A heading or field label of the PDF: a `pdf.*` message of server/i18n.ts, written once per language there. */
type Label = PdfKey extends `pdf.${infer K}` ? K : never;

/** CJK ideographs, kana and full-width forms: a line may break between any two of them. */
const CJK = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/u;

/** A text's breakable pieces: each word with the spaces after it, each CJK character alone. */
export function tokensOf(text: string): string[] {
  const tokens: string[] = [];
  let word = "";
  for (const char of text) {
    if (CJK.test(char)) {
      if (word) tokens.push(word);
      tokens.push(char);
      word = "";
    } else if (char === " " || !/\s$/.test(word) || word === "") {
      word += char;
    } else {
      tokens.push(word);
      word = char;
    }
  }
  if (word) tokens.push(word);
  return tokens;
}

/**
 * Lines written top to bottom, wrapped to the text width, a new A4 page when one is full (also the
 * billing statement's layout).
 */
export class Writer {
  private page: PDFPage;
  private y: number;
  readonly width = PAGE_SIZE[0] - 2 * MARGIN;
  /** What separates a field's label from its value in the document's language. */
  readonly sep: string;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    locale: Locale,
    /** pdf-lib's colour of red, green and blue (`cjkFont()` loads it). */
    private readonly rgb: PdfLib["rgb"],
  ) {
    this.page = this.addPage();
    this.y = PAGE_SIZE[1] - MARGIN;
    this.sep = locale === "zh" ? "：" : ": ";
  }

  private addPage() {
    const page = this.doc.addPage(PAGE_SIZE);
    page.setFont(this.font);
    return page;
  }

  /**
   * Splits a text into lines no wider than the width. Issue 20: a line breaks between words (after a
   * space) or between CJK characters, never inside a word; `units` are kept whole (a measurement's name
   * with its value) unless one alone is wider than a line, which then breaks as any text.
   */
  private wrap(text: string | readonly string[], size: number, width: number): string[] {
    const widthOf = (s: string) => this.font.widthOfTextAtSize(s, size);
    const lines: string[] = [];
    const paragraphs = typeof text === "string" ? text.split(/\r?\n/).map((p) => tokensOf(p)) : [[...text]];
    for (const tokens of paragraphs) {
      let line = "";
      const flush = () => {
        lines.push(line.trimEnd());
        line = "";
      };
      for (const token of tokens) {
        if (widthOf((line + token).trimEnd()) <= width) {
          line += token;
          continue;
        }
        if (line.trim() !== "") flush();
        const rest = line + token.trimStart();
        line = "";
        if (widthOf(rest.trimEnd()) <= width) {
          line = rest;
          continue;
        }
        // a unit wider than a line: its words (or CJK characters), and a word wider than a line by character
        for (const word of typeof text === "string" ? [rest] : tokensOf(rest)) {
          if (widthOf((line + word).trimEnd()) <= width) {
            line += word;
            continue;
          }
          if (line.trim() !== "") flush();
          for (const char of word) {
            if (line !== "" && widthOf((line + char).trimEnd()) > width) flush();
            line += char;
          }
        }
      }
      lines.push(line.trimEnd());
    }
    return lines;
  }

  line(
    text: string | readonly string[],
    {
      size = 10,
      indent = 0,
      grey = false,
      color,
    }: { size?: number; indent?: number; grey?: boolean; color?: RGB } = {},
  ) {
    const leading = size * 1.45;
    for (const part of this.wrap(text, size, this.width - indent)) {
      if (this.y - leading < MARGIN) {
        this.page = this.addPage();
        this.y = PAGE_SIZE[1] - MARGIN;
      }
      this.y -= leading;
      this.page.drawText(part, {
        x: MARGIN + indent,
        y: this.y + size * 0.3,
        size,
        font: this.font,
        color: color ?? (grey ? this.rgb(0.35, 0.35, 0.35) : this.rgb(0, 0, 0)),
      });
    }
  }

  /** A labelled value on its own line ("-" when there is none). */
  field(label: string, value: string | number | null, indent = 0) {
    this.line(`${label}${this.sep}${value === null || value === "" ? "-" : value}`, { indent });
  }

  /** A heading after a gap. */
  heading(text: string) {
    this.gap();
    this.line(text, { size: 13 });
  }

  gap(points = 6) {
    this.y -= points;
  }
}

/**
 * A new document of the server's PDFs (the order details, the billing statement, the shipment's packing
 * list): A4, the CJK font embedded as a subset, titled and tagged with the caller's language, and the
 * writer that lays its lines out. `save()` answers the bytes.
 */
export async function startPdf(title: string, locale: Locale) {
  const { bytes, fontkit: cachedFontkit, pdf } = await cjkFont();
  const doc = await pdf.PDFDocument.create();
  doc.registerFontkit(cachedFontkit);
  const font = await doc.embedFont(bytes, { subset: true });
  doc.setTitle(title);
  doc.setLanguage(locale === "zh" ? "zh-CN" : "en-US");
  return { out: new Writer(doc, font, locale, pdf.rgb), save: () => doc.save(), rgb: pdf.rgb };
}

/** PROD-018: the details of one order as a PDF document. */
export async function orderPdf(
  order: OrderDetail,
  locale: Locale,
  names: { orderType?: string } = {},
): Promise<Uint8Array> {
  const { out, save } = await startPdf(order.orderCode, locale);
  const label = (key: Label) => translate(locale, `pdf.${key}`);
  const { sep } = out;
  // every amount in the app's one money format for the caller's language ("USD 1,234.50")
  const money = (amount: string) => {
    const value = moneyOf(amount, order.moneyType);
    return value ? formatMoney(value.cents, value.currency, locale) : "-";
  };
  const field = (key: Label, value: string | number | null) => out.field(label(key), value);
  const heading = (text: string) => out.heading(text);

  out.line(`${label("title")} ${order.orderCode}`, { size: 18 });
  out.gap();
  field("orderCode", order.orderCode);
  field("orderName", order.clothZhName);
  field("fabric", order.fabric);
  field("pubDate", order.pubDate.slice(0, 10));
  field("sizeCategory", order.sizeCategoryName);
  if (order.sizeAreaName) field("sizeArea", order.sizeAreaName);
  field("amount", order.amount);
  field("price", money(order.price));
  field("status", order.statusName);
  // issue 20: the order type by its name in the PDF's language (its id when the dictionary has none)
  field("orderType", names.orderType ?? order.orderType);
  if (order.flInfo.length > 0)
    field("extras", order.flInfo.map((fl) => `${fl.flCode} ${money(fl.flPrice)}`).join(", "));
  field("remark", order.remark);
  if (order.remakeOf) field("remakeOf", `${order.remakeOf.orderCode} ${order.remakeReason}`.trim());
  if (order.remadeAs.length > 0) field("remadeAs", order.remadeAs.map((o) => o.orderCode).join(", "));

  heading(label("customer"));
  const { customer } = order;
  field("custName", customer.custName);
  field("cusOrderCode", customer.cusOrderCode);
  field("gender", customer.genderName);
  field("height", customer.height === null ? null : `${customer.height} ${customer.heightUnitName}`.trim());
  field("weight", customer.weight === null ? null : `${customer.weight} ${customer.weightUnitName}`.trim());
  field("phone", customer.phone);
  field("email", customer.email);
  field("birthdate", customer.birthdate);

  for (const piece of order.orderDetails) {
    heading(`${label("piece")}${sep}${piece.clothName}`);
    if (piece.styleInfoName) field("style", `${piece.styleInfoName} ${piece.styleInfoCode}`.trim());
    if (piece.shape) field("shape", piece.shape);
    if (piece.customerSize.length > 0) {
      // issue 20: a measurement's name and value stay on one line
      const sizes = piece.customerSize.map((size) => `${size.partName} ${size.partValue}`);
      out.line([`${label("sizes")}${sep}`, ...sizes.map((size, i) => (i < sizes.length - 1 ? `${size}, ` : size))]);
    }
    if (piece.orderCraftList.length > 0) {
      out.line(label("crafts"));
      for (const craft of piece.orderCraftList) {
        const name = [craft.parentName, craft.craftName].filter(Boolean).join(" / ");
        out.line(`${name}${craft.content ? ` (${craft.content})` : ""}  ${money(craft.price)}`, { indent: 12 });
      }
    }
    if (piece.orderEmbList.length > 0) {
      out.line(label("embroidery"));
      for (const emb of piece.orderEmbList) {
        const parts = [emb.site, emb.color, emb.font, emb.embSize, emb.embContent, emb.embFileName].filter(Boolean);
        out.line(`${parts.join(", ")}  ${money(emb.embPrice)}`, { indent: 12 });
      }
    }
  }

  if (order.customerSpecial.length > 0) {
    heading(label("special"));
    for (const special of order.customerSpecial) out.line(`${special.desName}${sep}${special.specName}`);
  }

  if (order.orderGoods.length > 0) {
    heading(label("goods"));
    for (const good of order.orderGoods)
      out.line(`${good.goodName} ${good.goodSku} ${good.spec} ${good.color} × ${good.amount}  ${money(good.price)}`);
  }

  heading(label("timeline"));
  if (order.timeline.length === 0) out.line(label("none"), { grey: true });
  for (const event of order.timeline) {
    const when = event.at.slice(0, 16).replace("T", " ");
    const note = event.note ? ` (${event.note})` : "";
    // PROD-005: an urgent request keeps the status; the step says what it was
    const what = event.kind === "urgent" ? `${label("urgentAsked")} · ${event.toStatusName}` : event.toStatusName;
    out.line(`${when} UTC  ${what}  ${event.actorName}${note}`);
  }
  return save();
}

/** PROD-070: the file is named after the order code. */
export const pdfFileName = (orderCode: string) => `${orderCode.replace(/[^A-Za-z0-9._-]/g, "_")}.pdf`;
