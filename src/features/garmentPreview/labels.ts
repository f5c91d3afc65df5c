import { msg } from "@lingui/core/macro";
import type { I18n, MessageDescriptor } from "@lingui/core";
import type { GarmentPreview, PreviewFigure, PreviewFill } from "./preview.ts";

/**
 * What the preview shows, in words (its accessible name, en and zh): each figure's name and its
 * chosen parts, then the cloth: "Jacket: two buttons, notch lapel, flap pockets, centre vent;
 * trousers: flat front, belt loops; navy, herringbone". Nothing is said by colour alone.
 */

/** The parts worth saying, by `slot.variant`; a default a tailor would not mention has none. */
const PARTS: Record<string, MessageDescriptor> = {
  "fit.slim": msg`slim fit`,
  "fit.loose": msg`comfort fit`,
  // jacket and overcoat
  "closure.sb1": msg`one button`,
  "closure.sb2": msg`two buttons`,
  "closure.sb3": msg`three buttons`,
  "closure.db6": msg`double-breasted`,
  "lapel.notch": msg`notch lapel`,
  "lapel.peak": msg`peak lapel`,
  "lapel.shawl": msg`shawl collar`,
  "lapel.collarless": msg`collarless`,
  "lapel.stand": msg`stand collar`,
  "pockets.flap": msg`flap pockets`,
  "pockets.jetted": msg`jetted pockets`,
  "pockets.patch": msg`patch pockets`,
  "pockets.hacking": msg`slanted hacking pockets`,
  "ticket.ticket": msg`ticket pocket`,
  "sleeveButtons.3": msg`three sleeve buttons`,
  "sleeveButtons.4": msg`four sleeve buttons`,
  "sleeveButtons.4-kissing": msg`four kissing sleeve buttons`,
  "vents.none": msg`no vent`,
  "vents.centre": msg`centre vent`,
  "vents.side": msg`side vents`,
  "shaping.darts": msg`darts`,
  "shaping.princess": msg`princess seams`,
  "sleeve.three-quarter": msg`three-quarter sleeves`,
  "sleeve.raglan": msg`raglan sleeves`,
  "sleeve.cape": msg`cape`,
  "length.above-knee": msg`above the knee`,
  "length.knee": msg`knee length`,
  "length.mid-calf": msg`mid-calf length`,
  "belt.self": msg`self belt`,
  "stitching.pick": msg`pick stitching`,
  "lapelHole.milanese": msg`Milanese buttonhole`,
  "logo.embroidered": msg`embroidered logo`,
  "buttons.horn": msg`horn buttons`,
  "buttons.corozo": msg`corozo buttons`,
  "buttons.metal": msg`metal buttons`,
  "buttons.pearl": msg`mother-of-pearl buttons`,
  "buttons.thick": msg`thick Italian buttons`,
  // trousers
  "pleats.flat": msg`flat front`,
  "pleats.single": msg`single pleat`,
  "pleats.double": msg`double pleats`,
  "waistband.loops": msg`belt loops`,
  "waistband.adjusters": msg`side adjusters`,
  "waistband.braces": msg`brace buttons`,
  "sidePockets.slanted": msg`slanted pockets`,
  "sidePockets.vertical": msg`vertical pockets`,
  "sidePockets.jetted": msg`jetted side pockets`,
  "backLeft.jetted": msg`left back pocket`,
  "backRight.jetted": msg`right back pocket`,
  "fly.zip": msg`zip fly`,
  "fly.button": msg`button fly`,
  "leg.shorts": msg`shorts`,
  "hem.turn-up": msg`turn-ups`,
  // shirt
  "collar.spread": msg`spread collar`,
  "collar.cutaway": msg`cutaway collar`,
  "collar.button-down": msg`button-down collar`,
  "collar.wing": msg`wing collar`,
  "collar.band": msg`band collar`,
  "cuff.single": msg`single-button cuffs`,
  "cuff.double": msg`two-button cuffs`,
  "cuff.french": msg`French cuffs`,
  "cuff.convertible": msg`convertible cuffs`,
  "sleeve.short": msg`short sleeves`,
  "placket.standard": msg`standard placket`,
  "placket.hidden": msg`hidden placket`,
  "placket.french": msg`French front`,
  "chestPocket.one": msg`one chest pocket`,
  "chestPocket.two-flap": msg`two flap pockets`,
  "back.box-pleat": msg`box pleat`,
  "back.side-pleats": msg`side pleats`,
  "hem.rounded": msg`rounded hem`,
  "hem.straight": msg`straight hem with side slits`,
  // waistcoat
  "closure.5": msg`five buttons`,
  "closure.6": msg`six buttons`,
  "closure.db": msg`double-breasted`,
  "neck.v": msg`V neckline`,
  "neck.u": msg`U neckline`,
  "pockets.2": msg`two welt pockets`,
  "pockets.4": msg`four welt pockets`,
  "pockets.0": msg`no pockets`,
  "back.lining": msg`lining back`,
  "back.fabric": msg`cloth back`,
  "back.backless": msg`backless`,
  "buckle.buckle": msg`back buckle`,
  "bottom.pointed": msg`pointed front`,
  "bottom.straight": msg`straight front`,
  // neckwear
  "tip.pointed": msg`pointed tip`,
  "tip.straight": msg`straight tip`,
};

const COLOURS: Record<string, MessageDescriptor> = {
  navy: msg`navy`,
  charcoal: msg`charcoal`,
  midGrey: msg`mid grey`,
  lightGrey: msg`light grey`,
  black: msg`black`,
  brown: msg`brown`,
  olive: msg`olive`,
  burgundy: msg`burgundy`,
  tan: msg`tan`,
  royalBlue: msg`royal blue`,
  white: msg`white`,
  skyBlue: msg`sky blue`,
  palePink: msg`pale pink`,
  lilac: msg`lilac`,
  cream: msg`cream`,
  mint: msg`mint`,
  camel: msg`camel`,
  oatmeal: msg`oatmeal`,
  forestGreen: msg`forest green`,
};

const PATTERNS: Record<string, MessageDescriptor> = {
  plain: msg`plain`,
  stripe: msg`striped`,
  check: msg`check`,
  herringbone: msg`herringbone`,
};

/** The figure's name: the overcoat and the women's jacket are drawn as jackets but named as themselves. */
function nounOf(figure: PreviewFigure, category: number): MessageDescriptor {
  const { spec } = figure;
  switch (figure.kind) {
    case "jacket":
      return category === 11000 ? msg`Overcoat` : spec.cut === "women" ? msg`Women's jacket` : msg`Jacket`;
    case "trousers":
      return spec.shape === "pencil-skirt"
        ? msg`Pencil skirt`
        : spec.shape === "a-line-skirt"
          ? msg`A-line skirt`
          : msg`Trousers`;
    case "shirt":
      return msg`Shirt`;
    case "waistcoat":
      return msg`Waistcoat`;
    default:
      return spec.series === "bow-tie"
        ? msg`Bow tie`
        : spec.series === "pocket-square"
          ? msg`Pocket square`
          : spec.series === "scarf"
            ? msg`Scarf`
            : msg`Necktie`;
  }
}

/** The slots a figure's drawing does not show in its current shape (a skirt has no fly). */
function shown(figure: PreviewFigure, slot: string): boolean {
  const { spec, kind } = figure;
  if (kind === "trousers" && spec.shape !== "trousers") return slot === "fit";
  if (kind === "neckwear") return spec.series === "tie" && (slot === "width" || slot === "tip");
  if (slot === "sleeveButtons") return spec.sleeve === "full" || spec.sleeve === "raglan";
  if (slot === "lapelWidth") return spec.lapel === "notch" || spec.lapel === "peak";
  if (kind === "shirt" && slot === "cuff") return spec.sleeve !== "short";
  return true;
}

function partsOf(figure: PreviewFigure, i18n: I18n): string[] {
  return figure.layers
    .filter((layer) => shown(figure, layer.slot))
    .map((layer) => {
      if (layer.slot === "lapelWidth") {
        const width = layer.variant;
        return i18n._(msg`lapel width ${width} cm`);
      }
      if (layer.slot === "width") {
        const width = layer.variant;
        return i18n._(msg`${width} cm wide`);
      }
      const part = PARTS[`${layer.slot}.${layer.variant}`];
      return part ? i18n._(part) : "";
    })
    .filter((text) => text !== "");
}

function clothOf(fill: PreviewFill, i18n: I18n): string {
  if (fill.kind === "customer") return i18n._(msg`the customer's own fabric`);
  if (fill.kind === "none") return i18n._(msg`no fabric chosen yet`);
  const colour = COLOURS[fill.look.colour.key];
  const name = colour ? i18n._(colour) : fill.look.colour.en;
  const pattern = i18n._(PATTERNS[fill.look.pattern] ?? PATTERNS.plain!);
  const code = fill.look.code;
  return i18n._(msg`${name}, ${pattern} (fabric ${code})`);
}

/** The preview's accessible name in the active language, led by the garment's name when given ("Suit preview: ..."). */
export function describePreview(preview: GarmentPreview, i18n: I18n, name?: string): string {
  const zh = i18n.locale === "zh";
  const list = (items: string[]) => items.join(zh ? "，" : ", ");
  const figures = preview.figures.map((figure) => {
    const noun = i18n._(nounOf(figure, preview.category));
    const parts = list(partsOf(figure, i18n));
    return parts ? `${noun}${zh ? "：" : ": "}${parts}` : noun;
  });
  const cloth = clothOf(preview.fill, i18n);
  const title = name ? i18n._(msg`${name} preview`) : i18n._(msg`Garment preview`);
  return `${title}${zh ? "：" : ": "}${[...figures, cloth].join(zh ? "；" : "; ")}`;
}
