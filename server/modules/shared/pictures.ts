import { createHash } from "node:crypto";

/**
 * Pictures the server draws as SVG: fabric swatches (from colour and pattern), craft tiles and
 * body-posture figures. Every text is escaped; colours come from the database and are checked.
 */
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const safeColor = (hex: string, fallback: string) => (/^#[0-9a-f]{6}$/i.test(hex) ? hex : fallback);
const svg = (width: number, height: number, label: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}"><title>${escapeXml(label)}</title>${body}</svg>`;

/** A strong ETag for a picture, so browsers revalidate cheaply. */
export const etagOf = (body: string) => `"${createHash("sha1").update(body).digest("base64url")}"`;

export interface SwatchFabric {
  fabricCode: string;
  pattern: string;
  colorHex: string;
  lineHex: string;
  colorTypeName: string;
  flowerPatternName: string;
  flowerRemark: string;
}

/** A 240 px square of cloth: a twill texture, plus stripes, checks or herringbone at the fabric's spacing. */
export function swatchSvg(fabric: SwatchFabric): string {
  const base = safeColor(fabric.colorHex, "#6b7280");
  const line = safeColor(fabric.lineHex, "#9ca3af");
  const cm = Number(/([\d.]+) ?cm/.exec(fabric.flowerRemark)?.[1] ?? "1");
  const step = Math.max(8, Math.min(60, Math.round(cm * 24)));
  let pattern = "";
  switch (fabric.pattern) {
    case "stripe":
      pattern = `<pattern id="p" width="${step}" height="${step}" patternUnits="userSpaceOnUse"><rect x="0" width="2" height="${step}" fill="${line}"/></pattern>`;
      break;
    case "check":
      pattern = `<pattern id="p" width="${step}" height="${step}" patternUnits="userSpaceOnUse"><rect width="3" height="${step}" fill="${line}" opacity="0.7"/><rect width="${step}" height="3" fill="${line}" opacity="0.7"/><rect x="${Math.round(step / 2)}" width="1" height="${step}" fill="${line}" opacity="0.35"/></pattern>`;
      break;
    case "herringbone": {
      const h = Math.max(6, Math.round(step / 3));
      pattern = `<pattern id="p" width="${step}" height="${h}" patternUnits="userSpaceOnUse"><path d="M0 ${h} L${step / 2} 0 M${step / 2} 0 L${step} ${h}" stroke="${line}" stroke-width="1.5" fill="none" opacity="0.8"/></pattern>`;
      break;
    }
  }
  const texture = `<pattern id="t" width="4" height="4" patternUnits="userSpaceOnUse"><path d="M0 4 L4 0" stroke="${line}" stroke-width="0.6" opacity="0.35"/></pattern>`;
  const label = `${fabric.fabricCode} ${fabric.colorTypeName} ${fabric.flowerPatternName}`.trim();
  return svg(
    240,
    240,
    label,
    `<defs>${texture}${pattern}</defs><rect width="240" height="240" fill="${base}"/><rect width="240" height="240" fill="url(#t)"/>${pattern ? '<rect width="240" height="240" fill="url(#p)"/>' : ""}`,
  );
}

/** A soft background colour per craft group, stable for the group's code. */
function tint(seed: string): string {
  const hue = Number.parseInt(createHash("sha1").update(seed).digest("hex").slice(0, 4), 16) % 360;
  return `hsl(${hue}, 45%, 92%)`;
}

export interface CraftPicture {
  name: string;
  code: string;
  groupCode: string;
  sourceType: string;
  value: string;
}

/** A 160 px tile: a jacket outline for STYLE, a font sample for FONT, the option's initials otherwise. */
export function craftSvg(craft: CraftPicture): string {
  const background = `<rect width="160" height="160" rx="12" fill="${tint(craft.groupCode)}"/>`;
  let figure: string;
  if (craft.sourceType === "STYLE") {
    figure =
      '<path d="M52 34 L80 46 L108 34 L128 58 L116 70 L112 128 L48 128 L44 70 L32 58 Z M80 46 L70 92 M80 46 L90 92" fill="#fff" stroke="#374151" stroke-width="3" stroke-linejoin="round"/>';
  } else if (craft.sourceType === "FONT") {
    const family = /^[A-Za-z ,-]+$/.test(craft.value) ? craft.value : "serif";
    const css =
      family.toLowerCase() === "script" ? "cursive" : family.toLowerCase() === "block" ? "sans-serif" : family;
    figure = `<text x="80" y="98" text-anchor="middle" font-size="56" font-family="${escapeXml(css)}" fill="#1f2937">Aa</text>`;
  } else {
    const initials =
      craft.name
        .split(/\s+/)
        .filter((w) => /^[A-Za-z0-9]/.test(w))
        .slice(0, 2)
        .map((w) => w[0]!.toUpperCase())
        .join("") || craft.code.slice(0, 2);
    figure = `<circle cx="80" cy="72" r="38" fill="#fff" stroke="#374151" stroke-width="3"/><text x="80" y="86" text-anchor="middle" font-size="36" font-family="sans-serif" font-weight="700" fill="#1f2937">${escapeXml(initials)}</text>`;
  }
  const caption = `<text x="80" y="148" text-anchor="middle" font-size="12" font-family="sans-serif" fill="#4b5563">${escapeXml(craft.code.slice(0, 22))}</text>`;
  return svg(160, 160, craft.name, `${background}${figure}${caption}`);
}

/**
 * A 120 × 160 body figure for a posture choice (`figure` is "<spec>-<choice>", e.g. shoulders-sloping).
 * Front view for shoulders, arms and legs; side view for back, belly, chest, seat and neck. The
 * part the choice is about is drawn in the accent colour.
 */
export function postureSvg(figure: string, label: string): string {
  const [spec = "", choice = "normal"] = figure.split("-");
  const ink = 'stroke="#374151" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"';
  const accent = 'stroke="#b45309" stroke-width="4" fill="none" stroke-linecap="round" stroke-linejoin="round"';
  let body: string;
  if (spec === "shoulders" || spec === "arms" || spec === "legs") {
    const drop = { normal: [10, 10], sloping: [20, 20], square: [3, 3], uneven: [10, 20] }[choice] ?? [10, 10];
    const [left, right] = [drop[0]!, drop[1]!];
    const shoulders = `M36 ${40 + left} L60 36 L84 ${40 + right}`;
    const armSwing = { forward: -8, backward: 8 }[choice] ?? 0;
    const arms = `M36 ${40 + left} L${30 + armSwing} 98 M84 ${40 + right} L${90 + armSwing} 98`;
    const legs =
      { bow: "M50 100 Q36 125 48 150 M70 100 Q84 125 72 150", knock: "M50 100 Q62 125 44 150 M70 100 Q58 125 76 150" }[
        choice
      ] ?? "M50 100 L48 150 M70 100 L72 150";
    const torso = `M40 ${42 + left} L44 100 L76 100 L80 ${42 + right}`;
    body =
      `<circle cx="60" cy="20" r="12" ${ink}/><path d="M60 32 L60 36" ${ink}/>` +
      `<path d="${shoulders}" ${spec === "shoulders" ? accent : ink}/><path d="${torso}" ${ink}/>` +
      `<path d="${arms}" ${spec === "arms" ? accent : ink}/><path d="${legs}" ${spec === "legs" ? accent : ink}/>`;
  } else {
    const lean = spec === "back" ? ({ stooped: 8, erect: -6 }[choice] ?? 0) : 0;
    const neck = spec === "neck" ? ({ forward: 10, thick: 0 }[choice] ?? 0) : 0;
    const belly = spec === "belly" ? ({ slight: 8, prominent: 16 }[choice] ?? 0) : 4;
    const chest = spec === "chest" ? ({ full: 10, hollow: -4 }[choice] ?? 3) : 3;
    const seat = spec === "seat" ? ({ flat: -4, prominent: 10 }[choice] ?? 3) : 3;
    const neckWidth = spec === "neck" && choice === "thick" ? 6 : 3;
    const back = `M${56 + lean} 40 Q${48 - lean} 64 54 96`;
    const front = `M${68 + lean} 40 Q${78 + chest} 56 72 70 Q${76 + belly} 86 70 100`;
    const seatPath = `M54 96 Q${46 - seat} 106 54 116`;
    body =
      `<circle cx="${62 + lean + neck}" cy="20" r="12" ${ink}/>` +
      `<path d="M${60 + lean + neck / 2} 32 L${62 + lean} 40" stroke="${spec === "neck" ? "#b45309" : "#374151"}" stroke-width="${neckWidth + 1}" stroke-linecap="round"/>` +
      `<path d="${back}" ${spec === "back" ? accent : ink}/><path d="${front}" ${spec === "belly" || spec === "chest" ? accent : ink}/>` +
      `<path d="${seatPath}" ${spec === "seat" ? accent : ink}/><path d="M54 116 L56 154 M70 100 L68 154" ${ink}/>`;
  }
  return svg(120, 160, label, `<rect width="120" height="160" rx="10" fill="#f9fafb"/>${body}`);
}
