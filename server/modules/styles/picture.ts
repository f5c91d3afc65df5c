import { GARMENT } from "../../db/catalogue/ids.ts";

/**
 * The pictures of a style, drawn as SVG (like the fabric swatches): 600 × 800 at natural size, scaled
 * down to `maxWidth` when that is smaller (SO-033: the list asks 380). Picture 1 is the front of the
 * main garment, 2 its back, 3 a close-up of the cloth, then the garment on a hanger and the pieces
 * together. Colours come from the database and are checked; the text is escaped.
 */
export const NATURAL_WIDTH = 600;
const NATURAL_HEIGHT = 800;

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const safeColor = (hex: string) => (/^#[0-9a-f]{6}$/i.test(hex) ? hex : "#374151");

/** A lighter or darker shade of a #rrggbb colour (factor > 1 lighter). */
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

/** Outline paths of a garment, drawn in a 600 × 800 box. */
function garment(categoryId: number, back: boolean): string {
  switch (categoryId) {
    case GARMENT.shirt:
      return back
        ? "M190 150 L300 130 L410 150 L500 250 L460 290 L440 270 L440 690 L160 690 L160 270 L140 290 L100 250 Z"
        : "M190 150 L270 130 L300 180 L330 130 L410 150 L500 250 L460 290 L440 270 L440 690 L160 690 L160 270 L140 290 L100 250 Z M300 180 L300 690";
    case GARMENT.trousers:
      return "M200 120 L400 120 L430 700 L330 700 L300 300 L270 700 L170 700 Z M200 160 L400 160";
    case GARMENT.overcoat:
      return back
        ? "M180 120 L300 100 L420 120 L510 240 L470 560 L440 560 L450 740 L150 740 L160 560 L130 560 L90 240 Z M300 560 L300 740"
        : "M180 120 L260 100 L300 200 L340 100 L420 120 L510 240 L470 560 L440 560 L450 740 L150 740 L160 560 L130 560 L90 240 Z M300 200 L280 740 M260 100 L240 300 L300 200 M340 100 L360 300 L300 200";
    default:
      // A jacket (suits, blazers, women's suits, waistcoats)
      return back
        ? "M180 140 L300 120 L420 140 L500 260 L470 520 L440 520 L440 660 L160 660 L160 520 L130 520 L100 260 Z M300 500 L300 660"
        : "M180 140 L260 120 L300 260 L340 120 L420 140 L500 260 L470 520 L440 520 L440 660 L160 660 L160 520 L130 520 L100 260 Z M300 260 L290 660 M260 120 L230 330 L300 260 M340 120 L370 330 L300 260 M200 470 L260 470 M340 470 L400 470";
  }
}

export interface StylePicture {
  name: string;
  colorHex: string;
  /** The garment categories of the style's pieces, the main one first. */
  categoryIds: readonly number[];
}

/** Picture `n` (1-based) of a style, at most `maxWidth` pixels wide. */
export function styleSvg(style: StylePicture, n: number, maxWidth?: number): string {
  const width = Math.min(NATURAL_WIDTH, maxWidth ?? NATURAL_WIDTH);
  const height = Math.round((NATURAL_HEIGHT * width) / NATURAL_WIDTH);
  const cloth = safeColor(style.colorHex);
  const light = shade(cloth, 1.35);
  const ink = shade(cloth, 0.55);
  const main = style.categoryIds[0] ?? GARMENT.suit;
  const views = ["Front", "Back", "Cloth", "On the hanger", "The set"];
  const view = views[(n - 1) % views.length]!;
  const label = `${style.name} (${view})`;
  const background = `<rect width="600" height="800" fill="${shade(cloth, 1.85)}"/>`;
  const twill = `<defs><pattern id="tw" width="8" height="8" patternUnits="userSpaceOnUse"><path d="M0 8 L8 0" stroke="${light}" stroke-width="1.2" opacity="0.5"/></pattern></defs>`;
  const outline = (path: string, transform = "") =>
    `<g${transform ? ` transform="${transform}"` : ""}><path d="${path}" fill="${cloth}" stroke="${ink}" stroke-width="5" stroke-linejoin="round"/><path d="${path}" fill="url(#tw)"/></g>`;
  let figure: string;
  switch (view) {
    case "Back":
      figure = outline(garment(main, true));
      break;
    case "Cloth":
      figure = `<rect x="60" y="60" width="480" height="680" rx="24" fill="${cloth}"/><rect x="60" y="60" width="480" height="680" rx="24" fill="url(#tw)"/><circle cx="300" cy="400" r="40" fill="${ink}" opacity="0.8"/><circle cx="288" cy="390" r="5" fill="${light}"/><circle cx="312" cy="390" r="5" fill="${light}"/><circle cx="288" cy="412" r="5" fill="${light}"/><circle cx="312" cy="412" r="5" fill="${light}"/>`;
      break;
    case "On the hanger":
      figure = `<path d="M300 40 Q330 40 330 70 Q330 90 300 100 L120 150 L480 150 L300 100" fill="none" stroke="#6b7280" stroke-width="8" stroke-linejoin="round"/>${outline(garment(main, false), "translate(60 40) scale(0.8)")}`;
      break;
    case "The set":
      figure = style.categoryIds
        .map((id, k, all) => {
          const scale = all.length === 1 ? 0.9 : 0.62;
          const x = all.length === 1 ? 30 : 20 + (k * 330) / Math.max(1, all.length - 1) - k * 40;
          return outline(garment(id, false), `translate(${Math.round(x)} ${60 + k * 70}) scale(${scale})`);
        })
        .join("");
      break;
    default:
      figure = outline(garment(main, false));
  }
  const caption = `<text x="300" y="775" text-anchor="middle" font-size="26" font-family="sans-serif" fill="${ink}">${escapeXml(style.name.slice(0, 40))}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${NATURAL_WIDTH} ${NATURAL_HEIGHT}" role="img" aria-label="${escapeXml(label)}"><title>${escapeXml(label)}</title>${twill}${background}${figure}${caption}</svg>`;
}
