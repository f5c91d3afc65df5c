import type { categoryEmbOptions, contrastFabrics, contrastPositions, contrastSites, embOptions } from "../schema.ts";
import { EMB_SIZE_CATEGORIES, GARMENT, GARMENT_ORDER, UPLOADED_FONT_ID } from "./ids.ts";

/** Embroidery (monogram) options, shared by id over the categories that offer them. */
type EmbRow = typeof embOptions.$inferInsert;

const sites: EmbRow[] = [
  [1551, "INSIDE_POCKET", "Inside pocket", "内袋", 500],
  [1552, "LEFT_CUFF", "Left cuff", "左袖口", 500],
  [1553, "RIGHT_CUFF", "Right cuff", "右袖口", 500],
  [1554, "COLLAR_BAND", "Inner collar band", "领座内侧", 500],
  [1555, "CHEST", "Left chest", "左胸", 800],
  [1556, "BACK_NECK", "Lining below the back neck", "后领下里布", 500],
  [1557, "WAISTBAND", "Inner waistband", "腰头内侧", 500],
  [1558, "TIE_BACK", "Back of the tie", "领带背面", 400],
  [1559, "KEEPER", "Keeper loop", "领带夹圈", 400],
  [1560, "SQUARE_CORNER", "Pocket square corner", "口袋巾角", 400],
].map(([id, code, en, zh, price], pos) => ({
  id: id as number,
  type: "emb_site",
  code: code as string,
  enName: en as string,
  zhName: zh as string,
  priceCents: price as number,
  pos,
}));

const colors: EmbRow[] = [
  [1511, "WHITE", "White", "白色", "#ffffff"],
  [1512, "BLACK", "Black", "黑色", "#111111"],
  [1513, "NAVY", "Navy", "藏青", "#1f2a44"],
  [1514, "SILVER", "Silver grey", "银灰", "#c0c0c0"],
  [1515, "GOLD", "Gold", "金色", "#c9a227"],
  [1516, "BURGUNDY", "Burgundy", "酒红", "#800020"],
  [1517, "ROYAL", "Royal blue", "宝蓝", "#2a4fbf"],
  [1518, "RED", "Red", "红色", "#c62828"],
  [1519, "SKY", "Light blue", "浅蓝", "#8fb8de"],
  [1520, "GREEN", "Dark green", "墨绿", "#1b5e20"],
].map(([id, code, en, zh, hex], pos) => ({
  id: id as number,
  type: "emb_color",
  code: code as string,
  enName: en as string,
  zhName: zh as string,
  value: hex as string,
  pos,
}));

const fonts: EmbRow[] = [
  {
    id: UPLOADED_FONT_ID,
    type: "emb_font",
    code: "FILE",
    enName: "Uploaded artwork",
    zhName: "上传图稿",
    value: "FILE",
    priceCents: 1500,
    pos: 0,
  },
  { id: 1501, type: "emb_font", code: "SCRIPT", enName: "Script", zhName: "花体", value: "cursive", pos: 1 },
  {
    id: 1502,
    type: "emb_font",
    code: "BLOCK",
    enName: "Block capitals",
    zhName: "印刷体大写",
    value: "sans-serif",
    pos: 2,
  },
  { id: 1503, type: "emb_font", code: "ROMAN", enName: "Roman serif", zhName: "罗马体", value: "serif", pos: 3 },
  {
    id: 1504,
    type: "emb_font",
    code: "OLD_ENGLISH",
    enName: "Old English",
    zhName: "古英文体",
    value: "fantasy",
    pos: 4,
  },
  { id: 1505, type: "emb_font", code: "KAI", enName: "Chinese Kai", zhName: "楷体", value: "KaiTi, serif", pos: 5 },
];

const sizes: EmbRow[] = [
  { id: 1541, type: "emb_size", code: "S", enName: "Small (0.8 cm)", zhName: "小号（0.8 厘米）", value: "0.8", pos: 0 },
  {
    id: 1542,
    type: "emb_size",
    code: "M",
    enName: "Medium (1.2 cm)",
    zhName: "中号（1.2 厘米）",
    value: "1.2",
    pos: 1,
  },
  { id: 1543, type: "emb_size", code: "L", enName: "Large (1.6 cm)", zhName: "大号（1.6 厘米）", value: "1.6", pos: 2 },
];

const sitesByCategory: Record<number, number[]> = {
  [GARMENT.suit]: [1551, 1552, 1553, 1556, 1557],
  [GARMENT.shirt]: [1552, 1553, 1554, 1555],
  [GARMENT.trousers]: [1557],
  [GARMENT.waistcoat]: [1551, 1556],
  [GARMENT.overcoat]: [1551, 1556],
  [GARMENT.womensSuit]: [1551, 1556, 1557],
  [GARMENT.accessories]: [1558, 1559, 1560],
  [GARMENT.special]: [1551, 1555, 1556],
};

export function embRows(): { options: EmbRow[]; links: Array<typeof categoryEmbOptions.$inferInsert> } {
  const links: Array<typeof categoryEmbOptions.$inferInsert> = [];
  for (const categoryId of GARMENT_ORDER) {
    const ids = [
      ...sitesByCategory[categoryId]!,
      ...colors.filter((c) => categoryId !== GARMENT.accessories || c.id! <= 1516).map((c) => c.id!),
      ...fonts.map((f) => f.id!),
      ...(EMB_SIZE_CATEGORIES.includes(categoryId) ? sizes.map((s) => s.id!) : []),
    ];
    for (const optionId of ids) links.push({ categoryId, optionId });
  }
  return { options: [...sites, ...colors, ...fonts, ...sizes], links };
}

/**
 * Contrast: sites per category with their positions, and contrast fabrics by group. IMAGE fabrics
 * are catalogue fabrics (their code is the fabric code, their picture its swatch); a TEXT fabric is
 * one the user names.
 */
type SiteDef = readonly [id: number, code: string, en: string, zh: string, group: string, positions: readonly number[]];
const positionDefs: Record<number, readonly [code: string, en: string, zh: string, price: number]> = {
  1651: ["UNDER_COLLAR", "Under collar", "领底", 0],
  1652: ["COLLAR_BAND_IN", "Inner collar band", "领座内侧", 0],
  1653: ["COLLAR_WHOLE", "Whole collar", "整个领子", 300],
  1654: ["CUFF_IN", "Inner cuffs", "袖口内侧", 0],
  1655: ["CUFF_WHOLE", "Whole cuffs", "整个袖口", 300],
  1656: ["PLACKET_IN", "Inner placket", "门襟内侧", 0],
  1657: ["BODY_LINING", "Body lining", "身里", 0],
  1658: ["SLEEVE_LINING", "Sleeve lining", "袖里", 0],
  1659: ["BACK_PANEL", "Back panel", "后背片", 0],
  1660: ["LAPEL_FACING", "Lapel facing", "驳头面", 500],
  1661: ["WAISTBAND_LINING", "Waistband lining", "腰里", 0],
  1662: ["POCKETING", "Pocketing", "袋布", 0],
  1663: ["TIPPING", "Tipping", "尖部里衬", 0],
};
const collarFelt: SiteDef = [1601, "COLLAR", "Collar", "领子", "felt", [1651]];
const collarShirt: SiteDef = [1601, "COLLAR", "Collar", "领子", "shirting", [1652, 1653]];
const cuffShirt: SiteDef = [1602, "CUFF", "Cuffs", "袖口", "shirting", [1654, 1655]];
const placket: SiteDef = [1603, "PLACKET", "Placket", "门襟", "shirting", [1656]];
const liningJacket: SiteDef = [1604, "LINING", "Lining", "里布", "lining", [1657, 1658]];
const liningWaistcoat: SiteDef = [1604, "LINING", "Lining", "里布", "lining", [1659, 1657]];
const lapel: SiteDef = [1605, "LAPEL", "Lapel", "驳头", "satin", [1660]];
const waistband: SiteDef = [1606, "WAISTBAND", "Waistband", "腰头", "lining", [1661, 1662]];
const tipping: SiteDef = [1607, "TIPPING", "Tipping", "尖部", "lining", [1663]];

const contrastByCategory: Record<number, readonly SiteDef[]> = {
  [GARMENT.suit]: [collarFelt, liningJacket, lapel, waistband],
  [GARMENT.shirt]: [collarShirt, cuffShirt, placket],
  [GARMENT.trousers]: [waistband],
  [GARMENT.waistcoat]: [liningWaistcoat],
  [GARMENT.overcoat]: [collarFelt, liningJacket],
  [GARMENT.womensSuit]: [collarFelt, liningJacket, lapel],
  [GARMENT.accessories]: [tipping],
  [GARMENT.special]: [collarFelt, liningJacket, lapel, waistband],
};

/** Contrast fabric groups: the colours of their IMAGE fabrics (matched to catalogue fabrics), and prices. */
export const CONTRAST_GROUPS: Record<
  string,
  { kind: string; price: number; en: string; zh: string; colors: readonly string[] }
> = {
  felt: {
    kind: "suiting",
    price: 800,
    en: "melton felt",
    zh: "麦尔登领底呢",
    colors: ["Navy", "Charcoal", "Black", "Burgundy"],
  },
  lining: {
    kind: "suiting",
    price: 1200,
    en: "Bemberg lining",
    zh: "铜氨里布",
    colors: ["Burgundy", "Royal blue", "Olive", "Tan"],
  },
  shirting: {
    kind: "shirting",
    price: 600,
    en: "cotton contrast",
    zh: "棉质撞色布",
    colors: ["White", "Sky blue", "Pale pink", "Lilac"],
  },
  satin: { kind: "suiting", price: 1500, en: "silk satin", zh: "真丝缎", colors: ["Black", "Navy"] },
};

export function contrastRows(
  pickFabric: (kind: string, colorName: string) => { fabricCode: string; imagePath: string; zh: string },
) {
  const sitesOut: Array<typeof contrastSites.$inferInsert> = [];
  const positionsOut: Array<typeof contrastPositions.$inferInsert> = [];
  for (const categoryId of GARMENT_ORDER) {
    contrastByCategory[categoryId]!.forEach(([id, code, en, zh, fabricGroup, positions], pos) => {
      sitesOut.push({ categoryId, id, code, enName: en, zhName: zh, fabricGroup, pos });
      positions.forEach((positionId, p) => {
        const [pcode, pen, pzh, price] = positionDefs[positionId]!;
        positionsOut.push({
          categoryId,
          siteId: id,
          id: positionId,
          code: pcode,
          enName: pen,
          zhName: pzh,
          priceCents: price,
          pos: p,
        });
      });
    });
  }
  const fabricsOut: Array<typeof contrastFabrics.$inferInsert> = [];
  let id = 1701;
  let pos = 0;
  for (const [group, def] of Object.entries(CONTRAST_GROUPS)) {
    for (const color of def.colors) {
      const fabric = pickFabric(def.kind, color);
      fabricsOut.push({
        id: id++,
        fabricGroup: group,
        code: fabric.fabricCode,
        sourceType: "IMAGE",
        imagePath: fabric.imagePath,
        priceCents: def.price,
        pos: pos++,
        enName: `${color} ${def.en}`,
        zhName: `${fabric.zh}${def.zh}`,
      });
    }
    fabricsOut.push({
      id: id++,
      fabricGroup: group,
      code: "OTHER",
      sourceType: "TEXT",
      imagePath: "",
      priceCents: def.price + 400,
      pos: pos++,
      enName: "Another fabric (enter its code)",
      zhName: "其他面料（填写编号）",
    });
  }
  return { sites: sitesOut, positions: positionsOut, fabrics: fabricsOut };
}
