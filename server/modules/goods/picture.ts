import { createHash } from "node:crypto";
import { loadSharp } from "../shared/sharp.ts";

/**
 * The pictures of a product, drawn as SVG (like the fabric swatches and the style pictures) from its
 * kind and colour, then rendered by sharp to WebP at the width asked (GOODS-024: the catalogue asks 380).
 * Rendered pictures are kept per product, picture, width and drawing, so a repeat is served from memory.
 */
export const NATURAL_WIDTH = 800;

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const safeColor = (hex: string) => (/^#[0-9a-f]{6}$/i.test(hex) ? hex : "#6b7280");

function shade(hex: string, factor: number): string {
  const channel = (i: number) => {
    const value = Number.parseInt(hex.slice(i, i + 2), 16);
    const next = factor >= 1 ? value + (255 - value) * (factor - 1) : value * factor;
    return Math.max(0, Math.min(255, Math.round(next)))
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(1)}${channel(3)}${channel(5)}`;
}

/** The outline of a product of a kind, in an 800 × 800 box. */
function figureOf(kind: string, fill: string, ink: string): string {
  const stroke = `fill="${fill}" stroke="${ink}" stroke-width="8" stroke-linejoin="round"`;
  switch (kind) {
    case "tie":
      return `<path d="M360 120 L440 120 L420 200 L470 620 L400 700 L330 620 L380 200 Z" ${stroke}/><path d="M360 120 L440 120 L420 200 L380 200 Z" fill="${ink}" opacity="0.3"/>`;
    case "bowtie":
      return `<path d="M180 280 L370 380 L180 520 Z M620 280 L430 380 L620 520 Z" ${stroke}/><rect x="360" y="340" width="80" height="100" rx="16" ${stroke}/>`;
    case "square":
      return `<path d="M200 300 L600 300 L600 640 L200 640 Z" ${stroke}/><path d="M200 300 L320 160 L420 300 L520 170 L600 300" ${stroke}/>`;
    case "shirt":
      return `<path d="M250 160 L360 130 L400 200 L440 130 L550 160 L680 300 L620 360 L590 330 L590 700 L210 700 L210 330 L180 360 L120 300 Z M400 200 L400 700" ${stroke}/>`;
    case "belt":
      return `<rect x="80" y="360" width="640" height="80" rx="10" ${stroke}/><rect x="560" y="330" width="110" height="140" rx="12" fill="none" stroke="#c9a43a" stroke-width="14"/>`;
    case "wallet":
      return `<rect x="180" y="240" width="440" height="320" rx="30" ${stroke}/><path d="M180 330 L620 330" stroke="${ink}" stroke-width="6"/>`;
    case "shoe":
      return `<path d="M120 520 L140 380 Q200 330 300 380 L420 430 Q560 450 660 490 Q700 520 680 560 L120 560 Z" ${stroke}/><path d="M120 560 L680 560" stroke="${ink}" stroke-width="18"/>`;
    case "cufflink":
      return `<circle cx="300" cy="400" r="110" ${stroke}/><circle cx="520" cy="400" r="110" ${stroke}/><circle cx="300" cy="400" r="50" fill="${ink}" opacity="0.3"/><circle cx="520" cy="400" r="50" fill="${ink}" opacity="0.3"/>`;
    case "tiebar":
      return `<rect x="140" y="370" width="520" height="50" rx="20" ${stroke}/>`;
    default:
      return `<path d="M330 120 L470 120 L470 520 Q470 640 560 660 L560 700 L330 700 Z" ${stroke}/>`;
  }
}

export interface GoodsPicture {
  id: number;
  name: string;
  kind: string;
  colorHex: string;
}

/** Picture `n` (1-based) of a product as SVG at its natural size: the product, its detail, it worn, its box. */
export function goodsSvg(product: GoodsPicture, n: number): string {
  const cloth = safeColor(product.colorHex);
  const ink = shade(cloth, 0.5);
  const background = shade(cloth, 1.85);
  const views = ["", "detail", "pair", "box"];
  const view = views[(n - 1) % views.length]!;
  let body = figureOf(product.kind, cloth, ink);
  if (view === "detail") body = `<g transform="translate(-400 -400) scale(2)">${body}</g>`;
  if (view === "pair")
    body = `<g transform="translate(40 120) scale(0.55)">${body}</g><g transform="translate(400 160) scale(0.5)">${figureOf(product.kind, shade(cloth, 1.3), ink)}</g>`;
  if (view === "box")
    body = `<rect x="120" y="180" width="560" height="460" rx="20" fill="#fff" stroke="${ink}" stroke-width="6"/><g transform="translate(200 230) scale(0.5)">${body}</g>`;
  const label = `${product.name}${view ? ` (${view})` : ""}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800"><title>${escapeXml(label)}</title><rect width="800" height="800" fill="${background}"/>${body}<text x="400" y="770" text-anchor="middle" font-size="34" font-family="sans-serif" fill="${ink}">${escapeXml(product.name.slice(0, 40))}</text></svg>`;
}

interface Rendered {
  body: Buffer;
  etag: string;
}

/** At most this many rendered pictures are kept per process (the oldest dropped first). */
const MAX_KEPT = 2000;
const kept = new Map<string, Promise<Rendered>>();

/** Counts renders, so tests and the bench can tell a kept picture from a new one. */
export const renderCount = { value: 0 };

/** Picture n of a product as WebP at most `maxWidth` wide, rendered once per drawing and width. */
export function goodsWebp(product: GoodsPicture, n: number, maxWidth?: number): Promise<Rendered> {
  const width = Math.min(NATURAL_WIDTH, maxWidth ?? NATURAL_WIDTH);
  const svg = goodsSvg(product, n);
  const drawing = createHash("sha1").update(svg).digest("base64url").slice(0, 16);
  const key = `${product.id}/${n}/${width}/${drawing}`;
  let rendered = kept.get(key);
  if (!rendered) {
    renderCount.value++;
    rendered = loadSharp()
      .then((sharp) => sharp(Buffer.from(svg)).resize({ width }).webp({ quality: 80 }).toBuffer())
      .then((body) => ({ body, etag: `"g${drawing}-${width}"` }));
    // A failed render is not kept.
    rendered.catch(() => kept.delete(key));
    kept.set(key, rendered);
    if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
  }
  return rendered;
}
