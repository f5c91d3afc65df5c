import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import { getDocument, OPS } from "pdfjs-dist/legacy/build/pdf.mjs";

/**
 * Issue 20: whether a PDF of the server shows what its text layer says. Every page is rendered to pixels
 * by pdf.js (with its Node canvas, drawing each glyph from the font embedded in the PDF), and for each
 * line of text every glyph that has an outline in the source font must leave ink inside its own box on
 * the page. A glyph the embedded font lost renders blank there while the text still extracts.
 */

const require = createRequire(import.meta.url);
/** The source font the server embeds (server/modules/orderDetails/pdf.ts): the reference for the outlines. */
const FONT_FILE = require.resolve("@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf");
/** Pixels per point of the rendering. */
const SCALE = 3;
/** A pixel is ink when one of its channels is darker than this (text is black or 35 % grey). */
const INK = 128;

let source: ReturnType<typeof fontkit.create> | undefined;
async function sourceFont() {
  source ??= fontkit.create(await readFile(FONT_FILE));
  return source;
}

export interface GlyphCheck {
  page: number;
  line: string;
  char: string;
  inked: boolean;
}

/** A glyph of pdf.js's showText operator. */
interface DrawnGlyph {
  unicode: string;
  width: number;
  isSpace: boolean;
}

interface Canvas {
  toBuffer(type: "image/png"): Buffer;
}
interface CanvasAndContext {
  canvas: Canvas;
  context: { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
}

/**
 * Renders every page and checks each glyph of each line of text. Answers one check per glyph with an
 * outline (spaces have none) and, per page, the rendering as PNG (to look at).
 */
export async function glyphInk(bytes: Uint8Array) {
  const font = await sourceFont();
  const doc = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true }).promise;
  const factory = doc.canvasFactory as { create(width: number, height: number): CanvasAndContext };
  const checks: GlyphCheck[] = [];
  const pngs: Buffer[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const page = await doc.getPage(n);
    const viewport = page.getViewport({ scale: SCALE });
    // Whole pixels: a row of the image data is exactly `width` pixels long.
    const [width, height] = [Math.ceil(viewport.width), Math.ceil(viewport.height)];
    const { canvas, context } = factory.create(width, height);
    await page.render({ canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
    pngs.push(canvas.toBuffer("image/png"));
    const pixels = context.getImageData(0, 0, width, height).data;
    const inkIn = (left: number, top: number, right: number, bottom: number) => {
      const [x0, x1] = [Math.floor(left), Math.ceil(right)];
      const [y0, y1] = [Math.floor(top), Math.ceil(bottom)];
      for (let y = Math.max(0, y0); y < Math.min(height, y1); y += 1)
        for (let x = Math.max(0, x0); x < Math.min(width, x1); x += 1) {
          const at = (y * width + x) * 4;
          if (Math.min(pixels[at]!, pixels[at + 1]!, pixels[at + 2]!) < INK) return true;
        }
      return false;
    };
    // The text as drawn: the font size (setFont), the line's origin (setTextMatrix), then each glyph
    // of showText with its unicode and its advance width from the PDF (thousandths of the size).
    const operators = await page.getOperatorList();
    let size = 0;
    let origin = [0, 0];
    for (const [index, op] of operators.fnArray.entries()) {
      const args = operators.argsArray[index] as unknown[];
      if (op === OPS.setFont) size = args[1] as number;
      else if (op === OPS.setTextMatrix) origin = [(args as number[])[4]!, (args as number[])[5]!];
      else if (op === OPS.showText) {
        const glyphs = args[0] as Array<DrawnGlyph | number>;
        const line = glyphs.map((g) => (typeof g === "number" ? "" : g.unicode)).join("");
        const [x, y] = origin as [number, number];
        const unit = size / font.unitsPerEm;
        let pen = x;
        for (const drawn of glyphs) {
          if (typeof drawn === "number") {
            pen -= (drawn / 1000) * size;
            continue;
          }
          // The source font's glyph for what was drawn (a ligature's unicode names its letters).
          const glyph = drawn.isSpace ? undefined : font.layout(drawn.unicode).glyphs[0];
          const box = glyph?.bbox;
          if (box && box.maxX > box.minX && box.maxY > box.minY) {
            // The middle 60 % of the glyph's box across (clear of its neighbours), its full height.
            const across = (box.maxX - box.minX) * unit;
            const left = (pen + box.minX * unit + across * 0.2) * SCALE;
            const right = (pen + box.maxX * unit - across * 0.2) * SCALE;
            const top = (page.view[3]! - (y + box.maxY * unit)) * SCALE;
            const bottom = (page.view[3]! - (y + box.minY * unit)) * SCALE;
            checks.push({
              page: n,
              line,
              char: drawn.unicode,
              inked: inkIn(left, top, Math.max(right, left + 1), Math.max(bottom, top + 1)),
            });
          }
          pen += (drawn.width / 1000) * size;
        }
      }
    }
  }
  await doc.destroy();
  return { checks, pngs };
}
