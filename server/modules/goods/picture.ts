import { createHash } from "node:crypto";
import { loadSharp } from "../shared/sharp.ts";

/**
 * The pictures of a product, drawn as SVG (like the fabric swatches and the style pictures), then rendered by
 * sharp to WebP at the width asked (GOODS-024: the catalogue asks 380). Every product looks like itself: the
 * shape of its kind with its details (a shirt's collar, placket, buttons and cuffs; a shoe's laces, toe cap
 * and heel ...), in its own colours, covered by its own pattern (one of eleven: twill, repp stripe, pin dot,
 * check, herringbone ...; on leather and metal an embossing), and each picture of it is another view:
 * 1 the product, 2 a close look at its cloth, 3 its colours side by side, 4 in its gift box.
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

/** Relative lightness 0 (black) .. 1 (white). */
function lightness(hex: string): number {
  const c = (i: number) => Number.parseInt(hex.slice(i, i + 2), 16) / 255;
  return 0.299 * c(1) + 0.587 * c(3) + 0.114 * c(5);
}

/** A colour that stands out on `base`: the next colour of the product when it differs enough, else a shade. */
function accentOf(base: string, next: string | undefined): string {
  if (next && Math.abs(lightness(next) - lightness(base)) > 0.18) return next;
  return lightness(base) > 0.55 ? shade(base, 0.55) : shade(base, 1.75);
}

/** The eleven patterns, one per product of a sub-category (its position in it). */
export const PATTERNS = [
  "twill",
  "repp stripe",
  "pin dot",
  "check",
  "herringbone",
  "stripe",
  "gingham",
  "paisley",
  "polka dot",
  "houndstooth",
  "foulard",
] as const;

/** The motifs of a pattern (no background: they lie over the product's colour), as an SVG <pattern>. */
function patternDef(id: string, pattern: number, accent: string, scale: number): string {
  const p = (size: number, body: string, rotate = 0) =>
    `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${size}" height="${size}" patternTransform="scale(${scale}) rotate(${rotate})">${body}</pattern>`;
  const a = accent;
  switch (PATTERNS[((pattern % PATTERNS.length) + PATTERNS.length) % PATTERNS.length]) {
    case "twill":
      return p(12, `<path d="M-3 3 L3 -3 M0 12 L12 0 M9 15 L15 9" stroke="${a}" stroke-width="2.5" opacity="0.45"/>`);
    case "repp stripe":
      return p(
        64,
        `<rect x="0" width="16" height="64" fill="${a}"/><rect x="26" width="5" height="64" fill="${a}" opacity="0.7"/>`,
        45,
      );
    case "pin dot":
      return p(22, `<circle cx="11" cy="11" r="3" fill="${a}"/>`);
    case "check":
      return p(
        80,
        `<rect y="30" width="80" height="20" fill="${a}" opacity="0.45"/><rect x="30" width="20" height="80" fill="${a}" opacity="0.45"/><path d="M0 10 H80 M10 0 V80" stroke="${a}" stroke-width="2" opacity="0.7"/>`,
      );
    case "herringbone":
      return p(
        32,
        `<path d="M0 8 L8 0 L16 8 L24 0 L32 8 M0 24 L8 16 L16 24 L24 16 L32 24" fill="none" stroke="${a}" stroke-width="3" opacity="0.55"/>`,
        90,
      );
    case "stripe":
      return p(40, `<rect width="40" height="12" fill="${a}"/>`);
    case "gingham":
      return p(
        40,
        `<rect width="20" height="40" fill="${a}" opacity="0.35"/><rect width="40" height="20" fill="${a}" opacity="0.35"/>`,
      );
    case "paisley":
      return p(
        80,
        `<path d="M40 12 Q66 28 52 54 Q38 70 26 52 Q20 34 40 12 Z" fill="${a}"/><circle cx="40" cy="46" r="6" fill="none" stroke="${a}" stroke-width="2" opacity="0.6"/><circle cx="10" cy="72" r="4" fill="${a}"/>`,
        20,
      );
    case "polka dot":
      return p(60, `<circle cx="15" cy="15" r="10" fill="${a}"/><circle cx="45" cy="45" r="10" fill="${a}"/>`);
    case "houndstooth":
      return p(
        32,
        `<path d="M0 0 H16 V16 H0 Z M16 0 L24 0 L16 8 Z M0 16 L8 16 L0 24 Z M16 16 L32 32 L24 32 L16 24 Z" fill="${a}" opacity="0.85"/>`,
      );
    default:
      return p(
        50,
        `<path d="M25 7 L43 25 L25 43 L7 25 Z" fill="none" stroke="${a}" stroke-width="3"/><rect x="21" y="21" width="8" height="8" fill="${a}"/>`,
      );
  }
}

/** A rounded rectangle as a path (so every surface is a path). */
const box = (x: number, y: number, w: number, h: number, r = 0) =>
  `M${x + r} ${y} H${x + w - r} Q${x + w} ${y} ${x + w} ${y + r} V${y + h - r} Q${x + w} ${y + h} ${x + w - r} ${y + h} H${x + r} Q${x} ${y + h} ${x} ${y + h - r} V${y + r} Q${x} ${y} ${x + r} ${y} Z`;
const circle = (cx: number, cy: number, r: number) =>
  `M${cx - r} ${cy} A${r} ${r} 0 1 0 ${cx + r} ${cy} A${r} ${r} 0 1 0 ${cx - r} ${cy} Z`;

/** How a product's material is painted: its colour, its pattern over it, its outline. */
interface Paint {
  base: string;
  ink: string;
  patternId: string;
  /** How strongly the pattern shows: a woven cloth fully, leather and metal as an embossing. */
  patternOpacity: number;
}

const WOVEN = new Set(["tie", "bowtie", "square", "shirt", "socks"]);

function surface(d: string, paint: Paint, fill = paint.base): string {
  return `<path d="${d}" fill="${fill}"/><path d="${d}" fill="url(#${paint.patternId})" opacity="${paint.patternOpacity}"/><path d="${d}" fill="none" stroke="${paint.ink}" stroke-width="6" stroke-linejoin="round"/>`;
}
const line = (d: string, ink: string, width = 4, extra = "") =>
  `<path d="${d}" fill="none" stroke="${ink}" stroke-width="${width}" stroke-linecap="round" ${extra}/>`;
const stitch = (d: string, ink: string) => line(d, ink, 3, 'stroke-dasharray="10 8" opacity="0.8"');

/**
 * The product of a kind in an 800 × 800 box, with its details. `variant` tells apart the kinds two
 * sub-categories share: casual shirts have short sleeves, loafers a strap instead of laces.
 */
function figureOf(kind: string, variant: string, paint: Paint): string {
  const { ink } = paint;
  switch (kind) {
    case "tie":
      return (
        surface("M375 190 L425 190 L485 620 L400 712 L315 620 Z", paint) +
        surface("M362 112 L438 112 L426 192 L374 192 Z", paint) +
        line("M374 192 Q400 210 426 192", ink, 4, 'opacity="0.6"') +
        line("M400 200 L400 260", ink, 3, 'opacity="0.35"') +
        stitch("M330 612 L400 690 L470 612", ink)
      );
    case "bowtie":
      return (
        surface("M150 260 Q230 250 365 350 L365 450 Q230 550 150 540 Q185 400 150 260 Z", paint) +
        surface("M650 260 Q570 250 435 350 L435 450 Q570 550 650 540 Q615 400 650 260 Z", paint) +
        line("M210 300 Q300 360 360 380 M210 500 Q300 440 360 420", ink, 4, 'opacity="0.5"') +
        line("M590 300 Q500 360 440 380 M590 500 Q500 440 440 420", ink, 4, 'opacity="0.5"') +
        surface(box(352, 330, 96, 140, 22), paint, shade(paint.base, 0.85)) +
        line("M372 350 Q400 400 372 450 M428 350 Q400 400 428 450", ink, 3, 'opacity="0.5"')
      );
    case "square": {
      const jacket = "#2f343b";
      return (
        `<path d="${box(120, 300, 560, 440, 24)}" fill="${jacket}"/>` +
        line("M120 300 L400 740", "#454b54", 5) +
        surface("M250 420 L290 215 L360 330 L420 185 L480 320 L545 235 L560 420 Z", paint) +
        line("M290 215 L330 420 M420 185 L420 420 M545 235 L500 420", ink, 3, 'opacity="0.45"') +
        `<path d="${box(220, 410, 360, 34, 6)}" fill="#262a30" stroke="#454b54" stroke-width="4"/>` +
        stitch("M232 427 H568", "#6b7280")
      );
    }
    case "shirt": {
      const short = variant === "casual";
      const body = short
        ? "M300 150 L250 165 L130 260 L160 390 L225 370 L205 700 Q400 730 595 700 L575 370 L640 390 L670 260 L550 165 L500 150 Z"
        : "M300 150 L250 165 L130 260 L95 520 L165 535 L205 360 L205 700 Q400 730 595 700 L595 360 L635 535 L705 520 L670 260 L550 165 L500 150 Z";
      const cuffs = short
        ? line("M150 370 L220 352 M650 370 L580 352", ink, 4, 'opacity="0.7"')
        : surface("M95 520 L165 535 L160 585 L88 570 Z", paint) +
          surface("M705 520 L635 535 L640 585 L712 570 Z", paint);
      const buttons = [265, 335, 405, 475, 545, 615]
        .map((y) => `<circle cx="400" cy="${y}" r="8" fill="#f8f8f6" stroke="${ink}" stroke-width="2"/>`)
        .join("");
      const pocket = short
        ? surface("M455 290 L545 290 L545 385 L455 385 Z", paint) +
          surface("M450 285 L550 285 L545 318 L455 318 Z", paint)
        : surface("M460 300 L540 300 L540 380 L500 394 L460 380 Z", paint);
      return (
        surface(body, paint) +
        `<path d="M300 150 Q400 128 500 150 L400 215 Z" fill="${shade(paint.base, 0.7)}" stroke="${ink}" stroke-width="5"/>` +
        surface("M300 150 L400 215 L362 258 L282 186 Z", paint) +
        surface("M500 150 L400 215 L438 258 L518 186 Z", paint) +
        line("M386 222 L386 708 M414 222 L414 708", ink, 3, 'opacity="0.6"') +
        buttons +
        pocket +
        cuffs +
        stitch("M212 690 Q400 718 588 690", ink)
      );
    }
    case "belt": {
      const metal = "#c9a43a";
      const holes = [150, 195, 240, 285, 330]
        .map((x) => `<ellipse cx="${x}" cy="400" rx="9" ry="7" fill="${shade(paint.base, 0.35)}"/>`)
        .join("");
      return (
        surface("M60 368 L740 368 L740 432 L60 432 Q30 400 60 368 Z", paint) +
        stitch("M70 380 H730 M70 420 H730", shade(paint.base, 1.6)) +
        holes +
        surface(box(672, 360, 34, 80, 6), paint, shade(paint.base, 0.8)) +
        `<path d="${box(530, 330, 120, 140, 18)}" fill="none" stroke="${metal}" stroke-width="16"/>` +
        line("M538 400 L650 400", metal, 10) +
        `<circle cx="538" cy="400" r="10" fill="${metal}"/>` +
        line("M546 340 Q590 336 636 340", "#fff3c4", 4, 'opacity="0.7"')
      );
    }
    case "wallet": {
      const card = (y: number, color: string) =>
        `<path d="${box(450, y, 170, 90, 10)}" fill="${color}" stroke="${ink}" stroke-width="3"/>`;
      return (
        surface(box(150, 220, 250, 360, 22), paint) +
        surface(box(400, 220, 250, 360, 22), paint) +
        card(250, "#2f6f9f") +
        card(310, "#c0392b") +
        card(370, "#d4ac0d") +
        surface("M420 300 Q535 286 630 300 L630 560 L420 560 Z", paint, shade(paint.base, 0.88)) +
        surface("M420 400 Q535 386 630 400 L630 560 L420 560 Z", paint, shade(paint.base, 0.8)) +
        `<path d="${box(180, 270, 190, 130, 8)}" fill="#dfe7ee" opacity="0.55" stroke="${ink}" stroke-width="3"/>` +
        stitch(`${box(166, 236, 218, 328, 16)} ${box(416, 236, 218, 328, 16)}`, shade(paint.base, 1.6)) +
        line("M400 226 L400 574", ink, 5)
      );
    }
    case "shoe": {
      const sole = shade(paint.base, 0.45);
      const upper =
        "M100 560 L110 405 Q120 362 172 362 L300 380 Q360 334 420 392 L520 440 Q640 458 692 500 Q722 530 702 560 Z";
      const loafer = variant === "loafer";
      const eyelets = [0, 1, 2, 3, 4]
        .map((k) => `<circle cx="${330 + k * 24}" cy="${392 + k * 9}" r="5" fill="${ink}"/>`)
        .join("");
      const laces = [0, 1, 2, 3]
        .map((k) => line(`M${330 + k * 24} ${392 + k * 9} L${354 + k * 24} ${401 + k * 9}`, "#f3efe6", 4))
        .join("");
      const fastening = loafer
        ? surface("M330 408 Q420 388 500 430 L490 460 Q420 425 338 440 Z", paint, shade(paint.base, 0.8)) +
          `<path d="M400 418 L420 408 L440 420 L420 432 Z" fill="${ink}"/>` +
          stitch("M300 420 Q360 360 470 420", ink)
        : line("M318 388 Q380 410 446 436", ink, 4, 'opacity="0.6"') + eyelets + laces;
      return (
        `<path d="M86 560 L706 560 Q726 562 718 592 L96 592 Q78 584 86 560 Z" fill="${sole}"/>` +
        `<path d="${box(96, 560, 116, 56, 6)}" fill="${sole}"/>` +
        surface(upper, paint) +
        line("M604 452 Q578 505 612 560", ink, 4, 'opacity="0.7"') +
        line("M112 440 Q190 450 210 560", ink, 4, 'opacity="0.6"') +
        fastening +
        stitch("M100 552 H700", shade(paint.base, 1.5))
      );
    }
    case "cufflink": {
      const metal = paint.base;
      const rim = shade(metal, 0.6);
      return (
        `<path d="${circle(290, 400, 128)}" fill="${metal}" stroke="${rim}" stroke-width="10"/>` +
        surface(circle(290, 400, 92), paint, shade(metal, 0.82)) +
        line("M215 330 Q250 292 300 288", "#ffffff", 6, 'opacity="0.7"') +
        `<ellipse cx="560" cy="300" rx="118" ry="34" fill="${metal}" stroke="${rim}" stroke-width="8"/>` +
        `<path d="${box(543, 320, 34, 140)}" fill="${shade(metal, 0.85)}" stroke="${rim}" stroke-width="5"/>` +
        `<path d="${box(470, 458, 180, 38, 19)}" fill="${metal}" stroke="${rim}" stroke-width="6"/>` +
        `<path d="${box(520, 290, 80, 16, 8)}" fill="url(#${paint.patternId})" opacity="${paint.patternOpacity}"/>`
      );
    }
    case "tiebar": {
      const tie = "#24304d";
      const metal = paint.base;
      return (
        `<path d="M340 120 L460 120 L500 720 L300 720 Z" fill="${tie}"/>` +
        line("M400 130 L400 720", "#1b2438", 3) +
        `<path d="M150 432 Q128 470 176 474 L660 474" fill="none" stroke="${shade(metal, 0.6)}" stroke-width="12"/>` +
        surface(box(130, 376, 540, 56, 22), paint, metal) +
        line("M160 390 H640", "#ffffff", 5, 'opacity="0.6"')
      );
    }
    default: {
      // socks
      const rib = [0, 1, 2, 3, 4, 5, 6]
        .map((k) => line(`M${348 + k * 18} 126 L${348 + k * 18} 200`, paint.ink, 3, 'opacity="0.45"'))
        .join("");
      const contrast = accentLike(paint.base);
      return (
        surface(
          "M330 120 L470 120 L470 470 Q470 560 540 600 L640 640 Q692 664 672 706 Q656 732 610 722 L420 662 Q330 632 330 540 Z",
          paint,
        ) +
        surface(box(330, 120, 140, 86, 6), paint, shade(paint.base, 0.85)) +
        rib +
        `<path d="M470 480 Q474 560 540 600 L506 640 Q432 600 426 500 Z" fill="${contrast}" stroke="${paint.ink}" stroke-width="5"/>` +
        `<path d="M600 636 L640 640 Q692 664 672 706 Q656 732 610 722 L588 714 Q612 680 600 636 Z" fill="${contrast}" stroke="${paint.ink}" stroke-width="5"/>`
      );
    }
  }
}

const accentLike = (base: string) => (lightness(base) > 0.55 ? shade(base, 0.7) : shade(base, 1.45));

interface GoodsColour {
  name: string;
  hex: string;
}

export interface GoodsPicture {
  id: number;
  name: string;
  kind: string;
  /** What tells apart two sub-categories of a kind ("casual" shirts, "loafer" shoes), else "". */
  variant: string;
  /** Its colours in order (at least one: a product without colours is drawn in its own). */
  colours: GoodsColour[];
  /** Its pattern (an index of PATTERNS). */
  pattern: number;
}

/** The views, picture n (1-based) showing view (n - 1) modulo their count. */
const VIEWS = ["product", "detail", "colours", "box"] as const;

/** Picture `n` (1-based) of a product as SVG at its natural size: the product, its cloth, its colours, its box. */
export function goodsSvg(product: GoodsPicture, n: number): string {
  // The goods of a sub-category share their colours: each leads with another of them (its place in the list).
  const offered = product.colours.length > 0 ? product.colours : [{ name: "", hex: "#a8acb3" }];
  const lead = Math.abs(product.pattern) % offered.length;
  const colours: GoodsColour[] = [...offered.slice(lead), ...offered.slice(0, lead)].map((c) => ({
    name: c.name,
    hex: safeColor(c.hex),
  }));
  const view = VIEWS[(n - 1) % VIEWS.length]!;
  const woven = WOVEN.has(product.kind);
  const paintOf = (k: number, scale = 1): { defs: string; paint: Paint } => {
    const base = colours[k % colours.length]!.hex;
    const accent = accentOf(base, colours.length > 1 ? colours[(k + 1) % colours.length]!.hex : undefined);
    const patternId = `p${k}`;
    return {
      defs: patternDef(patternId, product.pattern, accent, scale),
      paint: {
        base,
        ink: shade(base, lightness(base) < 0.2 ? 0.2 : 0.45),
        patternId,
        patternOpacity: woven ? 1 : 0.35,
      },
    };
  };
  const first = colours[0]!.hex;
  const background = lightness(first) > 0.8 ? "#dde3ea" : shade(first, 1.85);
  const ink = shade(first, 0.45);
  let defs = "";
  let body = "";
  let caption = product.name;
  const floor = `<ellipse cx="400" cy="700" rx="300" ry="26" fill="#000" opacity="0.08"/>`;
  if (view === "product") {
    const { defs: d, paint } = paintOf(0);
    defs = d;
    body = floor + figureOf(product.kind, product.variant, paint);
  } else if (view === "detail") {
    // The cloth (or leather, or metal) up close: the pattern three times as large under a round lens.
    const { defs: d, paint } = paintOf(colours.length > 1 ? 1 : 0, 3);
    const small = paintOf(colours.length > 1 ? 1 : 0);
    defs = d.replace(`id="p`, `id="lens`) + small.defs;
    const lensPaint = { ...paint, patternId: paint.patternId.replace(/^p/, "lens"), patternOpacity: 1 };
    body =
      `<g transform="translate(40 380) scale(0.42)">${figureOf(product.kind, product.variant, small.paint)}</g>` +
      `<path d="${circle(480, 330, 250)}" fill="${lensPaint.base}"/>` +
      `<path d="${circle(480, 330, 250)}" fill="url(#${lensPaint.patternId})"/>` +
      `<path d="${circle(480, 330, 250)}" fill="none" stroke="#3a3d42" stroke-width="16"/>` +
      line("M300 510 L210 610", "#3a3d42", 26) +
      line("M330 170 Q380 120 460 110", "#ffffff", 8, 'opacity="0.5"');
    caption = `${product.name} · ${PATTERNS[product.pattern % PATTERNS.length]}`;
  } else if (view === "colours") {
    // Every colour side by side (a product of one colour: itself and its mirror image, front and back).
    const shown = colours.length > 1 ? colours.slice(0, 4) : [colours[0]!, colours[0]!];
    const cell = 800 / shown.length;
    const scale = Math.min(0.5, (cell - 20) / 800);
    shown.forEach((colour, k) => {
      const { defs: d, paint } = paintOf(colours.length > 1 ? k : 0);
      defs += d.replace(`id="p${colours.length > 1 ? k : 0}"`, `id="c${k}"`);
      const x = k * cell + (cell - 800 * scale) / 2;
      const mirror = colours.length === 1 && k === 1;
      const place = mirror
        ? `translate(${x + 800 * scale} 170) scale(${-scale} ${scale})`
        : `translate(${x} 170) scale(${scale})`;
      body += `<g transform="${place}">${figureOf(product.kind, product.variant, { ...paint, patternId: `c${k}` })}</g>`;
      if (colour.name)
        body += `<text x="${k * cell + cell / 2}" y="${170 + 800 * scale + 40}" text-anchor="middle" font-size="30" font-family="sans-serif" fill="${ink}">${escapeXml(colour.name)}</text>`;
    });
  } else {
    // In its gift box: the lid behind with its ribbon, tissue in the product's second colour.
    const { defs: d, paint } = paintOf(0);
    defs = d;
    const tissue = colours.length > 1 ? shade(colours[1]!.hex, 1.5) : "#f3efe6";
    body =
      `<path d="M150 140 L650 140 L690 250 L110 250 Z" fill="#1f2933"/>` +
      `<text x="400" y="212" text-anchor="middle" font-size="40" font-family="serif" fill="#c9a43a" letter-spacing="6">MTM</text>` +
      `<path d="${box(110, 270, 580, 420, 14)}" fill="#263240"/>` +
      `<path d="${box(140, 300, 520, 360, 8)}" fill="${tissue}"/>` +
      line("M140 300 L260 420 M660 300 L540 420", shade(tissue, 0.85), 4) +
      `<g transform="translate(200 286) scale(0.5)">${figureOf(product.kind, product.variant, paint)}</g>` +
      line("M130 140 L130 250 M670 140 L670 250", "#c9a43a", 14, 'opacity="0.85"');
  }
  const label = `${product.name} (${view})`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800"><title>${escapeXml(label)}</title><defs>${defs}</defs><rect width="800" height="800" fill="${background}"/>${body}<text x="400" y="770" text-anchor="middle" font-size="34" font-family="sans-serif" fill="${ink}">${escapeXml(caption.slice(0, 48))}</text></svg>`;
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
