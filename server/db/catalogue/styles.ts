import type { styleCategories, styleCrafts, styleFabrics, stylePieces, styles } from "../schema.ts";
import { CATEGORY_FABRIC_KINDS, FABRIC_COUNT, fabricRow } from "./fabrics.ts";
import { GARMENT } from "./ids.ts";

/**
 * The style catalogue ("Fashion & Designer", 002 §2), designed here: 64 ready-made styles in six main
 * categories, four of them with sub-categories. Each style has 3 to 5 pictures drawn by the server,
 * delivery days, an HTML description with a list and a table, the fabrics it may be made of (in stock,
 * of a kind every piece is made of), and per garment piece a style code and crafts of both kinds: a
 * choice among `chooseContent`, or free text; type 2 is required.
 *
 * Ids: style categories 1..6 (main) and 11.. (sub: main × 10 + k); styles 1..64; pieces style × 10 + k
 * (k = 1, 2, 3 in the style's order); crafts piece × 100 + k.
 *
 * With `testData` (a server started with TEST_HOOKS=1, and the server tests), styles 5, 17 and 33 carry
 * hostile HTML in their description (a `<script>`, an `onerror` attribute and a `javascript:` link): the
 * browser must sanitise `property` before it shows it (issue 10). A real catalogue never has them.
 */
export const HOSTILE_PROPERTY_STYLE_IDS = [5, 17, 33] as const;

type Named = readonly [en: string, zh: string];

const MAIN_CATEGORIES: ReadonlyArray<{ id: number; name: Named; subs: ReadonlyArray<{ id: number; name: Named }> }> = [
  {
    id: 1,
    name: ["Business", "商务"],
    subs: [
      { id: 11, name: ["Two-piece suits", "两件套西服"] },
      { id: 12, name: ["Three-piece suits", "三件套西服"] },
    ],
  },
  {
    id: 2,
    name: ["Wedding", "婚礼"],
    subs: [
      { id: 21, name: ["Groom", "新郎"] },
      { id: 22, name: ["Groomsmen", "伴郎"] },
    ],
  },
  { id: 3, name: ["Casual", "休闲"], subs: [] },
  {
    id: 4,
    name: ["Shirts", "衬衫"],
    subs: [
      { id: 41, name: ["Formal shirts", "正装衬衫"] },
      { id: 42, name: ["Casual shirts", "休闲衬衫"] },
    ],
  },
  { id: 5, name: ["Outerwear", "外套"], subs: [] },
  { id: 6, name: ["Women", "女装"], subs: [] },
];

/**
 * A craft template: name, type (2 required), surcharge in cents, choices (empty: free text), default value.
 * The surcharge is paid for any value, so a craft with a preset value costs nothing: what costs extra is
 * an option the tailor adds (left empty, it is not made and not charged).
 */
type CraftTemplate = readonly [name: Named, type: 1 | 2, priceCents: number, choices: string, preset: string];

/**
 * The crafts' choices in Chinese (the seeded catalogue carries both languages, as the dictionaries do):
 * a choice is stored by its English value (`chooseContent`, the preset) and named in the reader's
 * language (`chooseContentZh`, the same list in the same order).
 */
const CHOICE_ZH: Readonly<Record<string, string>> = {
  "1": "1",
  "2": "2",
  "3": "3",
  "5": "5",
  "6": "6",
  Barrel: "圆角袖口",
  "Belt loops": "裤袢",
  Burgundy: "酒红",
  "Button-down": "纽扣领",
  Camel: "驼色",
  Classic: "经典领",
  Convertible: "两用袖口",
  Cutaway: "宽角领",
  Double: "双开衩",
  "Double pleat": "双褶",
  "Flat front": "平前片",
  French: "法式袖口",
  Knee: "及膝",
  "Mid-calf": "及小腿",
  Navy: "藏青",
  None: "无",
  Notch: "平驳头",
  One: "一个",
  Paisley: "佩斯利花纹",
  Peak: "戗驳头",
  Plain: "平脚",
  Satin: "缎面",
  "Self fabric": "同面料",
  Shawl: "青果领",
  "Side adjusters": "侧调节扣",
  "Silver grey": "银灰",
  Single: "单开衩",
  "Single pleat": "单褶",
  "Turn-up": "翻边",
  Ulster: "阿尔斯特领",
  Wing: "翼领",
  Yes: "是",
};

/** A craft's choices in Chinese, in the order of its English ones; every choice is named in both languages. */
export function choicesInChinese(choices: string): string {
  if (choices === "") return "";
  return choices
    .split(",")
    .map((choice) => {
      const zh = CHOICE_ZH[choice];
      if (zh === undefined) throw new Error(`the style craft choice "${choice}" has no Chinese name`);
      return zh;
    })
    .join(",");
}

const JACKET_CRAFTS: readonly CraftTemplate[] = [
  [["Lapel", "驳头"], 2, 0, "Notch,Peak,Shawl", ""],
  [["Front buttons", "门襟扣"], 2, 0, "1,2,3", "2"],
  [["Vents", "开衩"], 1, 0, "None,Single,Double", "Double"],
  [["Lining colour", "里布颜色"], 1, 1500, "Navy,Burgundy,Silver grey,Paisley", ""],
  [["Pick stitching", "明线"], 1, 1200, "Yes", ""],
  [["Monogram", "刺绣字母"], 1, 1000, "", ""],
];
const WEDDING_JACKET_CRAFTS: readonly CraftTemplate[] = [
  ...JACKET_CRAFTS.slice(0, 4),
  [["Wedding date label", "婚礼日期标签"], 2, 800, "", ""],
  JACKET_CRAFTS[5]!,
];
const TROUSER_CRAFTS: readonly CraftTemplate[] = [
  [["Pleats", "褶裥"], 2, 0, "Flat front,Single pleat,Double pleat", ""],
  [["Hem", "裤脚"], 1, 0, "Plain,Turn-up", "Plain"],
  [["Waist", "腰头"], 1, 0, "Belt loops,Side adjusters", "Belt loops"],
];
const WAISTCOAT_CRAFTS: readonly CraftTemplate[] = [
  [["Back", "后背"], 2, 0, "Satin,Self fabric", ""],
  [["Buttons", "纽扣数"], 1, 0, "5,6", "5"],
];
const SHIRT_CRAFTS: readonly CraftTemplate[] = [
  [["Collar", "领型"], 2, 0, "Classic,Cutaway,Button-down,Wing", ""],
  [["Cuff", "袖口"], 2, 600, "Barrel,French,Convertible", ""],
  [["Pocket", "口袋"], 1, 0, "None,One", "None"],
  [["Cuff initials", "袖口字母"], 1, 800, "", ""],
];
const COAT_CRAFTS: readonly CraftTemplate[] = [
  [["Length", "衣长"], 2, 0, "Knee,Mid-calf", ""],
  [["Collar", "领型"], 1, 0, "Notch,Peak,Ulster", "Notch"],
  [["Lining colour", "里布颜色"], 1, 1800, "Navy,Burgundy,Camel", ""],
  [["Monogram", "刺绣字母"], 1, 1000, "", ""],
];

/** A garment piece template: category, name, code suffix, make price (cents), fabric used (cm), crafts. */
interface PieceTemplate {
  categoryId: number;
  name: Named;
  suffix: string;
  makeCents: number;
  fabricCm: number;
  crafts: readonly CraftTemplate[];
}
const JACKET: PieceTemplate = {
  categoryId: GARMENT.suit,
  name: ["Jacket", "上衣"],
  suffix: "J",
  makeCents: 24000,
  fabricCm: 200,
  crafts: JACKET_CRAFTS,
};
const WEDDING_JACKET: PieceTemplate = { ...JACKET, crafts: WEDDING_JACKET_CRAFTS };
const TROUSERS: PieceTemplate = {
  categoryId: GARMENT.trousers,
  name: ["Trousers", "西裤"],
  suffix: "T",
  makeCents: 7000,
  fabricCm: 150,
  crafts: TROUSER_CRAFTS,
};
const WAISTCOAT: PieceTemplate = {
  categoryId: GARMENT.waistcoat,
  name: ["Waistcoat", "马甲"],
  suffix: "W",
  makeCents: 5500,
  fabricCm: 90,
  crafts: WAISTCOAT_CRAFTS,
};
const SHIRT: PieceTemplate = {
  categoryId: GARMENT.shirt,
  name: ["Shirt", "衬衫"],
  suffix: "S",
  makeCents: 5000,
  fabricCm: 180,
  crafts: SHIRT_CRAFTS,
};
const COAT: PieceTemplate = {
  categoryId: GARMENT.overcoat,
  name: ["Overcoat", "大衣"],
  suffix: "C",
  makeCents: 28000,
  fabricCm: 300,
  crafts: COAT_CRAFTS,
};
const WOMENS_JACKET: PieceTemplate = {
  categoryId: GARMENT.womensSuit,
  name: ["Jacket", "上衣"],
  suffix: "WJ",
  makeCents: 22000,
  fabricCm: 180,
  crafts: JACKET_CRAFTS.filter(([name]) => name[0] !== "Vents"),
};
// A trouser style alone is ordered in the trousers category; with a jacket it is the suit's add-product.
const CHINOS: PieceTemplate = { ...TROUSERS, name: ["Trousers", "长裤"] };

/** What each group of the catalogue makes: category, sub-category, how many styles, their pieces, a name word. */
const GROUPS: ReadonlyArray<{
  category: number;
  sub: number | null;
  count: number;
  pieces: readonly PieceTemplate[];
  kind: Named;
}> = [
  { category: 1, sub: 11, count: 12, pieces: [JACKET, TROUSERS], kind: ["Two-Piece", "两件套"] },
  { category: 1, sub: 12, count: 8, pieces: [JACKET, TROUSERS, WAISTCOAT], kind: ["Three-Piece", "三件套"] },
  { category: 2, sub: 21, count: 6, pieces: [WEDDING_JACKET, TROUSERS, WAISTCOAT], kind: ["Groom Suit", "新郎礼服"] },
  { category: 2, sub: 22, count: 6, pieces: [WEDDING_JACKET, TROUSERS], kind: ["Groomsman Suit", "伴郎西服"] },
  { category: 3, sub: null, count: 6, pieces: [JACKET], kind: ["Blazer", "休闲西装"] },
  { category: 3, sub: null, count: 4, pieces: [CHINOS], kind: ["Trousers", "休闲裤"] },
  { category: 4, sub: 41, count: 7, pieces: [SHIRT], kind: ["Dress Shirt", "正装衬衫"] },
  { category: 4, sub: 42, count: 6, pieces: [SHIRT], kind: ["Weekend Shirt", "休闲衬衫"] },
  { category: 5, sub: null, count: 5, pieces: [COAT], kind: ["Overcoat", "大衣"] },
  { category: 6, sub: null, count: 4, pieces: [WOMENS_JACKET, TROUSERS], kind: ["Trouser Suit", "女士套装"] },
];

const NAMES: readonly Named[] = [
  ["Windsor", "温莎"],
  ["Savile", "萨维尔"],
  ["Milano", "米兰"],
  ["Napoli", "那不勒斯"],
  ["Oxford", "牛津"],
  ["Kensington", "肯辛顿"],
  ["Mayfair", "梅费尔"],
  ["Chelsea", "切尔西"],
  ["Firenze", "佛罗伦萨"],
  ["Soho", "苏活"],
  ["Hudson", "哈德逊"],
  ["Belgravia", "贝尔格莱维亚"],
  ["Camden", "卡姆登"],
];
const COLOURS: ReadonlyArray<readonly [en: string, zh: string, hex: string]> = [
  ["Navy", "藏青", "#1f2a44"],
  ["Charcoal", "炭灰", "#36454f"],
  ["Mid Grey", "中灰", "#7a7f87"],
  ["Black", "黑色", "#1b1b1d"],
  ["Brown", "棕色", "#6b4a32"],
  ["Olive", "橄榄绿", "#59603a"],
  ["Burgundy", "酒红", "#6d2432"],
  ["Sand", "沙色", "#c8b48a"],
  ["Sky Blue", "天蓝", "#8fb3d9"],
];

/** Fabrics (in stock) a style of these garment categories may be made of: of a kind every piece takes. */
function fabricsFor(categoryIds: readonly number[], seed: number, count: number): string[] {
  const kinds = categoryIds
    .map((id) => CATEGORY_FABRIC_KINDS[id] ?? [])
    .reduce((common, k) => common.filter((kind) => k.includes(kind)));
  const codes: string[] = [];
  for (let step = 0; step < FABRIC_COUNT && codes.length < count; step++) {
    const row = fabricRow((seed * 37 + step * 11) % FABRIC_COUNT);
    if (kinds.includes(row.kind) && row.stockCentimeters > 0 && !codes.includes(row.fabricCode))
      codes.push(row.fabricCode);
  }
  return codes;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The description: a paragraph, a list of features and a table of the pieces (and, for a few styles, hostile HTML). */
function property(
  locale: 0 | 1,
  style: { id: number; name: Named; days: number; fabrics: readonly string[] },
  pieces: ReadonlyArray<{ name: Named; code: string }>,
  testData: boolean,
): string {
  const zh = locale === 1;
  const rows = pieces
    .map((p) => `<tr><td>${escapeHtml(p.name[locale])}</td><td>${escapeHtml(p.code)}</td></tr>`)
    .join("");
  const hostile =
    testData && (HOSTILE_PROPERTY_STYLE_IDS as readonly number[]).includes(style.id)
      ? `<script>window.__styleXss = (window.__styleXss || 0) + 1;</script>` +
        `<p><img src="/api/pc/style/image/0/0" alt="" onerror="window.__styleXss = (window.__styleXss || 0) + 1"></p>` +
        `<p><a href="javascript:window.__styleXss = (window.__styleXss || 0) + 1">${zh ? "尺码指南" : "Size guide"}</a></p>`
      : "";
  return (
    `<h3>${zh ? "款式说明" : "About this style"}</h3>` +
    `<p>${escapeHtml(style.name[locale])}${zh ? "：精选面料，按您的客户尺寸量身定制。" : ": made to your customer's measurements in a fabric of your choice."}</p>` +
    `<ul><li>${zh ? `交期 ${style.days} 天` : `Delivered in ${style.days} days`}</li>` +
    `<li>${zh ? `可选面料 ${style.fabrics.length} 种` : `${style.fabrics.length} fabrics to choose from`}</li>` +
    `<li>${zh ? "全麻衬手工工艺" : "Full-canvas construction, hand finished"}</li></ul>` +
    `<table><thead><tr><th>${zh ? "部件" : "Piece"}</th><th>${zh ? "款式编号" : "Style code"}</th></tr></thead><tbody>${rows}</tbody></table>` +
    hostile
  );
}

export function styleCatalogueRows({ testData = false }: { testData?: boolean } = {}) {
  const categories: Array<typeof styleCategories.$inferInsert> = MAIN_CATEGORIES.flatMap((main, pos) => [
    { id: main.id, parentId: null, enName: main.name[0], zhName: main.name[1], pos },
    ...main.subs.map((sub, k) => ({ id: sub.id, parentId: main.id, enName: sub.name[0], zhName: sub.name[1], pos: k })),
  ]);
  const styleRows: Array<typeof styles.$inferInsert> = [];
  const fabricRows: Array<typeof styleFabrics.$inferInsert> = [];
  const pieceRows: Array<typeof stylePieces.$inferInsert> = [];
  const craftRows: Array<typeof styleCrafts.$inferInsert> = [];
  let id = 0;
  for (const group of GROUPS) {
    for (let k = 0; k < group.count; k++) {
      id += 1;
      const [nameEn, nameZh] = NAMES[(id * 5 + k) % NAMES.length]!;
      const [colourEn, colourZh, hex] = COLOURS[(id * 7 + k * 3) % COLOURS.length]!;
      const name: Named = [`${nameEn} ${colourEn} ${group.kind[0]}`, `${nameZh}${colourZh}${group.kind[1]}`];
      const days = 12 + ((id * 7) % 20);
      const fabricCodes = fabricsFor(
        group.pieces.map((p) => p.categoryId),
        id,
        4 + (id % 3),
      );
      const pieces = group.pieces.map((template, pos) => ({
        id: id * 10 + pos + 1,
        template,
        pos,
        code: `ST${String(id).padStart(3, "0")}-${template.suffix}`,
      }));
      styleRows.push({
        id,
        categoryId: group.category,
        subCategoryId: group.sub,
        enName: name[0],
        zhName: name[1],
        deliveryDays: days,
        propertyEn: property(
          0,
          { id, name, days, fabrics: fabricCodes },
          pieces.map((p) => ({ name: p.template.name, code: p.code })),
          testData,
        ),
        propertyZh: property(
          1,
          { id, name, days, fabrics: fabricCodes },
          pieces.map((p) => ({ name: p.template.name, code: p.code })),
          testData,
        ),
        colorHex: hex,
        imageCount: 3 + (id % 3),
        pos: id,
      });
      fabricCodes.forEach((fabricCode, pos) => fabricRows.push({ styleId: id, fabricCode, pos }));
      for (const piece of pieces) {
        // Prices vary a little per style: a finer make costs more.
        const makePriceCents = piece.template.makeCents + (id % 5) * 1000;
        pieceRows.push({
          id: piece.id,
          styleId: id,
          categoryId: piece.template.categoryId,
          enName: piece.template.name[0],
          zhName: piece.template.name[1],
          styleCode: piece.code,
          makePriceCents,
          fabricCentimeters: piece.template.fabricCm,
          pos: piece.pos,
        });
        piece.template.crafts.forEach(([craftName, type, priceCents, chooseContent, preset], pos) =>
          craftRows.push({
            id: piece.id * 100 + pos + 1,
            pieceId: piece.id,
            enName: craftName[0],
            zhName: craftName[1],
            type,
            priceCents,
            chooseContent,
            chooseContentZh: choicesInChinese(chooseContent),
            defaultValue: preset,
            pos,
          }),
        );
      }
    }
  }
  return { categories, styles: styleRows, fabrics: fabricRows, pieces: pieceRows, crafts: craftRows };
}
