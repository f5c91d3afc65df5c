import type { crafts } from "../schema.ts";
import { GARMENT, LOGO_CRAFT_ID, SERIES_CRAFT_ID, type GarmentId } from "./ids.ts";
import { disablingExtension } from "./measurements.ts";

/**
 * The craft trees (000 §3, §4). Each garment category has top-level groups; a group's `choose` says
 * how its children are chosen (RADIO one, CHECKBOX any, COPY one and copyable to the other garment
 * pieces carrying the same group code). Options may have sub-options (a default option brings its
 * default children). `disables` lists the measurement parts an option disables (its extension).
 */
export type SourceType = "TEXT" | "LABEL" | "IMAGE" | "FONT" | "STYLE" | "FILE";
export type ChooseType = "RADIO" | "CHECKBOX" | "COPY";
type Kind = 1 | 2 | 3 | 4;

interface Option {
  code: string;
  en: string;
  zh: string;
  /** Price in cents. */
  price?: number;
  def?: true;
  source?: SourceType;
  value?: string;
  remark?: readonly [string, string];
  /** Fixed id offset from the category id (documented ids). */
  n?: number;
  /** How this option's children are chosen. */
  choose?: ChooseType;
  children?: readonly Option[];
  disables?: readonly string[];
  /** Preset by the process binding of the category. */
  preset?: true;
}

interface Group {
  code: string;
  en: string;
  zh: string;
  choose: ChooseType;
  kind?: Kind;
  n?: number;
  remark?: readonly [string, string];
  options: readonly Option[];
}

const fit: Group = {
  code: "FIT",
  en: "Fit",
  zh: "版型",
  choose: "RADIO",
  remark: ["The fit sets the ease of finished sizes", "版型决定成衣放松量"],
  options: [
    { code: "FIT_SLIM", en: "Slim fit", zh: "修身", source: "STYLE", value: "10431" },
    { code: "FIT_REGULAR", en: "Regular fit", zh: "标准", source: "STYLE", value: "10432", def: true },
    { code: "FIT_LOOSE", en: "Comfort fit", zh: "宽松", source: "STYLE", value: "10433" },
  ],
};

const lapelWidths = (widths: number[], def: number): Option[] =>
  widths.map((w) => ({
    code: `LAPEL_W${w}`,
    en: `Lapel width ${w} cm`,
    zh: `驳头宽 ${w} 厘米`,
    source: "LABEL",
    ...(w === def ? { def: true as const } : {}),
  }));

const lapel: Group = {
  code: "LAPEL",
  en: "Lapel",
  zh: "驳头",
  choose: "RADIO",
  options: [
    {
      code: "LAPEL_NOTCH",
      en: "Notch lapel",
      zh: "平驳头",
      def: true,
      choose: "RADIO",
      children: lapelWidths([7, 8, 9], 8),
    },
    {
      code: "LAPEL_PEAK",
      en: "Peak lapel",
      zh: "枪驳头",
      price: 1500,
      choose: "RADIO",
      children: lapelWidths([8, 9, 10], 9).map((o) => ({ ...o, code: `${o.code}P` })),
    },
    { code: "LAPEL_SHAWL", en: "Shawl collar", zh: "青果领", price: 2000 },
  ],
};

const front: Group = {
  code: "FRONT",
  en: "Front closure",
  zh: "门襟",
  choose: "RADIO",
  options: [
    { code: "FRONT_SB1", en: "Single-breasted, 1 button", zh: "单排一粒扣" },
    { code: "FRONT_SB2", en: "Single-breasted, 2 buttons", zh: "单排两粒扣", def: true },
    { code: "FRONT_SB3", en: "Single-breasted, 3 buttons", zh: "单排三粒扣" },
    { code: "FRONT_DB6", en: "Double-breasted, 6 × 2 buttons", zh: "双排六粒扣", price: 2500 },
  ],
};

/** Two defaults in a RADIO group: the order entry keeps the first (QO-114). */
const vents: Group = {
  code: "VENTS",
  en: "Vents",
  zh: "开衩",
  choose: "RADIO",
  options: [
    { code: "VENT_NONE", en: "No vent", zh: "无开衩" },
    { code: "VENT_CENTRE", en: "Centre vent", zh: "后中开衩", def: true },
    { code: "VENT_SIDE", en: "Side vents", zh: "两侧开衩", def: true },
  ],
};

const pockets: Group = {
  code: "POCKETS",
  en: "Pockets",
  zh: "口袋",
  choose: "RADIO",
  options: [
    {
      code: "POCKET_FLAP",
      en: "Flap pockets",
      zh: "有盖口袋",
      def: true,
      choose: "CHECKBOX",
      children: [
        { code: "POCKET_TICKET", en: "Ticket pocket", zh: "零钱袋", price: 800, source: "LABEL", preset: true },
      ],
    },
    { code: "POCKET_JETTED", en: "Jetted pockets", zh: "双嵌线口袋" },
    { code: "POCKET_PATCH", en: "Patch pockets", zh: "贴袋", price: 1000 },
  ],
};

const sleeveButtons: Group = {
  code: "SLEEVE_BUTTONS",
  en: "Sleeve buttons",
  zh: "袖扣",
  choose: "RADIO",
  options: [
    { code: "SLEEVE_BTN3", en: "3 buttons", zh: "三粒扣" },
    { code: "SLEEVE_BTN4", en: "4 buttons", zh: "四粒扣", def: true },
    { code: "SLEEVE_BTN4K", en: "4 kissing buttons", zh: "四粒叠扣", price: 500 },
  ],
};

const details: Group = {
  code: "DETAILS",
  en: "Hand details",
  zh: "手工细节",
  choose: "CHECKBOX",
  options: [
    { code: "DET_WORKING", en: "Working sleeve buttonholes", zh: "真袖眼", price: 1500, preset: true },
    { code: "DET_PICK", en: "Pick stitching", zh: "手工明线", price: 1200 },
    { code: "DET_MILANESE", en: "Milanese lapel buttonhole", zh: "米兰眼", price: 1800 },
  ],
};

const trouserFront: Group = {
  code: "TROUSER_FRONT",
  en: "Trouser front",
  zh: "裤前片",
  choose: "RADIO",
  options: [
    { code: "TF_FLAT", en: "Flat front", zh: "无褶", def: true },
    { code: "TF_PLEAT1", en: "Single pleat", zh: "单褶", price: 500 },
    { code: "TF_PLEAT2", en: "Double pleats", zh: "双褶", price: 800 },
  ],
};

const trouserWaistband: Group = {
  code: "TROUSER_WAIST",
  en: "Waistband",
  zh: "腰头",
  choose: "RADIO",
  options: [
    { code: "TW_LOOPS", en: "Belt loops", zh: "裤襻", def: true },
    { code: "TW_ADJUSTERS", en: "Side adjusters", zh: "侧调节扣", price: 1200 },
    { code: "TW_BRACES", en: "Brace buttons", zh: "背带扣", price: 600 },
  ],
};

const hems: Option[] = [
  { code: "HEM_PLAIN", en: "Plain hem", zh: "平脚口", def: true, source: "LABEL" },
  { code: "HEM_TURNUP", en: "Turn-ups 4 cm", zh: "翻脚口 4 厘米", price: 500, source: "LABEL" },
];

const trouserLeg: Group = {
  code: "TROUSER_LEG",
  en: "Trouser leg",
  zh: "裤型",
  choose: "RADIO",
  options: [
    { code: "LEG_FULL", en: "Full length", zh: "长裤", def: true, choose: "RADIO", children: hems },
    {
      code: "LEG_SHORTS",
      en: "Bermuda shorts",
      zh: "百慕大短裤",
      disables: ["knee", "hem"],
      remark: ["Knee and hem are not measured", "无需测量膝围和裤口"],
    },
  ],
};

const lining = (kind: Kind = 3): Group => ({
  code: "LINING",
  en: "Lining",
  zh: "里布",
  choose: "RADIO",
  kind,
  options: [
    { code: "LINING_MATCH", en: "Matching lining", zh: "同色里布", def: true },
    {
      code: "LINING_COLOUR",
      en: "Lining colour of your choice",
      zh: "指定里布颜色",
      source: "TEXT",
      remark: ["Enter the lining colour or code", "请填写里布颜色或编号"],
    },
    {
      code: "LINING_PRINT",
      en: "Printed lining with your artwork",
      zh: "自定义印花里布",
      source: "FILE",
      price: 3500,
      remark: ["Upload the artwork (png, jpg)", "请上传图案（png、jpg）"],
    },
  ],
});

const buttons: Group = {
  code: "ACC_BUTTONS",
  en: "Buttons",
  zh: "纽扣",
  choose: "COPY",
  kind: 3,
  remark: ["The same buttons can be copied to the other pieces", "可同步到其他品类"],
  options: [
    { code: "BTN_HORN", en: "Horn buttons", zh: "牛角扣", def: true },
    { code: "BTN_COROZO", en: "Corozo buttons", zh: "果实扣", price: 1000 },
    { code: "BTN_METAL", en: "Metal buttons", zh: "金属扣", price: 1500 },
    { code: "BTN_MOP", en: "Mother-of-pearl buttons", zh: "贝壳扣", price: 2500 },
  ],
};

const shirtButtons: Group = {
  code: "ACC_SHIRT_BUTTONS",
  en: "Shirt buttons",
  zh: "衬衫纽扣",
  choose: "COPY",
  kind: 3,
  options: [
    { code: "SBTN_STANDARD", en: "Standard buttons", zh: "标准扣", def: true },
    { code: "SBTN_MOP", en: "Mother-of-pearl buttons", zh: "贝壳扣", price: 1500 },
    { code: "SBTN_THICK", en: "Thick Italian buttons", zh: "意式厚扣", price: 800 },
  ],
};

const personalLabel: Group = {
  code: "LABEL",
  en: "Personal label",
  zh: "个性标签",
  choose: "CHECKBOX",
  options: [
    {
      code: "LABEL_NAME",
      en: "Name on the inside label",
      zh: "内标姓名",
      source: "TEXT",
      price: 500,
      choose: "RADIO",
      children: [
        { code: "LABEL_FONT_SCRIPT", en: "Script", zh: "花体", source: "FONT", value: "Script", def: true },
        { code: "LABEL_FONT_BLOCK", en: "Block capitals", zh: "印刷体大写", source: "FONT", value: "Block" },
      ],
    },
    { code: "LABEL_DATE", en: "Order date on the label", zh: "标签印下单日期", source: "LABEL" },
  ],
};

const monogramStitch: Group = {
  code: "EMB_STYLE",
  en: "Monogram stitch",
  zh: "绣字工艺",
  choose: "RADIO",
  kind: 2,
  options: [
    { code: "EMB_MACHINE", en: "Machine satin stitch", zh: "机绣缎面", def: true, source: "LABEL" },
    { code: "EMB_HAND", en: "Hand embroidery", zh: "手工刺绣", price: 1500, source: "LABEL" },
  ],
};

const contrastDetails = (options: Option[]): Group => ({
  code: "CONTRAST_DETAILS",
  en: "Contrast details",
  zh: "撞色细节",
  choose: "CHECKBOX",
  kind: 4,
  options,
});

const TREES: Record<GarmentId, readonly Group[]> = {
  [GARMENT.suit]: [
    fit,
    lapel,
    front,
    vents,
    pockets,
    sleeveButtons,
    details,
    trouserFront,
    trouserWaistband,
    trouserLeg,
    lining(),
    buttons,
    personalLabel,
    monogramStitch,
    contrastDetails([
      { code: "CD_FELT", en: "Contrast under-collar felt", zh: "撞色领底呢", price: 800 },
      { code: "CD_SLEEVE", en: "Contrast sleeve lining", zh: "撞色袖里", price: 600 },
    ]),
  ],
  [GARMENT.shirt]: [
    fit,
    {
      code: "COLLAR",
      en: "Collar",
      zh: "领型",
      choose: "RADIO",
      options: [
        {
          code: "COLLAR_SPREAD",
          en: "Classic spread",
          zh: "经典八字领",
          def: true,
          choose: "CHECKBOX",
          children: [
            { code: "COLLAR_STAYS", en: "Removable collar stays", zh: "可拆领插片", def: true, source: "LABEL" },
          ],
        },
        { code: "COLLAR_CUTAWAY", en: "Cutaway", zh: "一字领" },
        { code: "COLLAR_BUTTONDOWN", en: "Button-down", zh: "扣尖领" },
        { code: "COLLAR_WING", en: "Wing collar", zh: "翼领", price: 800 },
        { code: "COLLAR_BAND", en: "Band collar", zh: "立领" },
      ],
    },
    {
      code: "CUFF",
      en: "Cuffs",
      zh: "袖口",
      choose: "RADIO",
      options: [
        { code: "CUFF_SINGLE", en: "Single button, rounded", zh: "单扣圆角", def: true },
        { code: "CUFF_DOUBLE", en: "Two buttons", zh: "双扣" },
        { code: "CUFF_FRENCH", en: "French cuff", zh: "法式袖口", price: 600 },
        { code: "CUFF_CONVERTIBLE", en: "Convertible cuff", zh: "两用袖口", price: 300 },
      ],
    },
    {
      code: "SLEEVE",
      en: "Sleeves",
      zh: "袖型",
      choose: "RADIO",
      options: [
        { code: "SLEEVE_LONG", en: "Long sleeves", zh: "长袖", def: true },
        {
          code: "SLEEVE_SHORT",
          en: "Short sleeves",
          zh: "短袖",
          disables: ["wrist"],
          remark: ["The wrist is not measured", "无需测量腕围"],
        },
      ],
    },
    {
      code: "PLACKET",
      en: "Placket",
      zh: "门襟",
      choose: "RADIO",
      options: [
        { code: "PLACKET_STANDARD", en: "Standard placket", zh: "明门襟", def: true },
        { code: "PLACKET_HIDDEN", en: "Hidden placket", zh: "暗门襟", price: 500 },
        { code: "PLACKET_FRENCH", en: "French front", zh: "法式门襟" },
      ],
    },
    {
      code: "SHIRT_POCKET",
      en: "Chest pocket",
      zh: "胸袋",
      choose: "RADIO",
      options: [
        { code: "SPOCKET_NONE", en: "No pocket", zh: "无口袋", def: true },
        { code: "SPOCKET_ONE", en: "One chest pocket", zh: "单胸袋" },
        { code: "SPOCKET_TWO", en: "Two flap pockets", zh: "双盖袋", price: 500 },
      ],
    },
    {
      code: "BACK",
      en: "Back",
      zh: "后背",
      choose: "RADIO",
      options: [
        { code: "BACK_PLAIN", en: "Plain back", zh: "无褶", def: true },
        { code: "BACK_BOX", en: "Box pleat", zh: "中褶" },
        { code: "BACK_SIDE", en: "Side pleats", zh: "两侧褶" },
      ],
    },
    {
      code: "SHIRT_HEM",
      en: "Hem",
      zh: "下摆",
      choose: "RADIO",
      options: [
        { code: "SHEM_ROUND", en: "Rounded hem", zh: "圆摆", def: true },
        { code: "SHEM_STRAIGHT", en: "Straight hem with side slits", zh: "平摆开衩" },
      ],
    },
    shirtButtons,
    personalLabel,
    monogramStitch,
    contrastDetails([
      { code: "CD_INNER_COLLAR", en: "Contrast inner collar", zh: "撞色内领", price: 500 },
      { code: "CD_INNER_CUFF", en: "Contrast inner cuffs", zh: "撞色内袖口", price: 500 },
    ]),
  ],
  [GARMENT.trousers]: [
    fit,
    trouserFront,
    trouserWaistband,
    {
      code: "SIDE_POCKETS",
      en: "Side pockets",
      zh: "侧袋",
      choose: "RADIO",
      options: [
        { code: "SP_SLANTED", en: "Slanted pockets", zh: "斜插袋", def: true },
        { code: "SP_VERTICAL", en: "Vertical pockets", zh: "直插袋" },
        { code: "SP_JETTED", en: "Jetted pockets", zh: "嵌线袋", price: 300 },
      ],
    },
    {
      code: "BACK_POCKETS",
      en: "Back pockets",
      zh: "后袋",
      choose: "CHECKBOX",
      options: [
        { code: "BP_LEFT", en: "Left, jetted with button", zh: "左后袋带扣", def: true },
        { code: "BP_RIGHT", en: "Right, jetted with button", zh: "右后袋带扣", def: true },
      ],
    },
    {
      code: "FLY",
      en: "Fly",
      zh: "门襟",
      choose: "RADIO",
      options: [
        { code: "FLY_ZIP", en: "Zip fly", zh: "拉链", def: true },
        { code: "FLY_BUTTON", en: "Button fly", zh: "纽扣门襟", price: 800 },
      ],
    },
    trouserLeg,
    {
      code: "TROUSER_EXTRAS",
      en: "Extras",
      zh: "附加",
      choose: "CHECKBOX",
      options: [
        { code: "TX_KNEE_LINING", en: "Knee lining", zh: "膝盖里布", price: 400, preset: true },
        { code: "TX_GRIP", en: "Shirt grip tape", zh: "防滑腰条", price: 300 },
      ],
    },
    buttons,
    personalLabel,
    monogramStitch,
    contrastDetails([
      { code: "CD_WAISTBAND", en: "Contrast waistband lining", zh: "撞色腰里", price: 400 },
      { code: "CD_POCKETING", en: "Contrast pocketing", zh: "撞色袋布", price: 300 },
    ]),
  ],
  [GARMENT.waistcoat]: [
    fit,
    {
      code: "WC_FRONT",
      en: "Front",
      zh: "前片",
      choose: "RADIO",
      options: [
        { code: "WC_5BTN", en: "5 buttons", zh: "五粒扣", def: true },
        { code: "WC_6BTN", en: "6 buttons", zh: "六粒扣" },
        { code: "WC_DB", en: "Double-breasted", zh: "双排扣", price: 1500 },
      ],
    },
    {
      code: "WC_NECK",
      en: "Neckline",
      zh: "领口",
      choose: "RADIO",
      options: [
        { code: "WC_NECK_V", en: "V neckline", zh: "V 领", def: true },
        { code: "WC_NECK_U", en: "U neckline", zh: "U 领", price: 500 },
      ],
    },
    {
      code: "WC_LAPEL",
      en: "Lapel",
      zh: "驳头",
      choose: "RADIO",
      options: [
        { code: "WC_LAPEL_NONE", en: "No lapel", zh: "无驳头", def: true },
        { code: "WC_LAPEL_NOTCH", en: "Notch lapel", zh: "平驳头", price: 1200 },
        { code: "WC_LAPEL_SHAWL", en: "Shawl lapel", zh: "青果领", price: 1500 },
      ],
    },
    {
      code: "WC_POCKETS",
      en: "Pockets",
      zh: "口袋",
      choose: "RADIO",
      options: [
        { code: "WC_POCKET2", en: "Two welt pockets", zh: "两个挖袋", def: true },
        { code: "WC_POCKET4", en: "Four welt pockets", zh: "四个挖袋", price: 600 },
        { code: "WC_POCKET0", en: "No pockets", zh: "无口袋" },
      ],
    },
    {
      code: "WC_BACK",
      en: "Back",
      zh: "后背",
      choose: "RADIO",
      options: [
        {
          code: "WC_BACK_LINING",
          en: "Lining back",
          zh: "里布后背",
          def: true,
          choose: "CHECKBOX",
          children: [{ code: "WC_BUCKLE", en: "Back buckle", zh: "后腰调节扣", def: true, source: "LABEL" }],
        },
        { code: "WC_BACK_FABRIC", en: "Fabric back", zh: "面料后背", price: 1000 },
        {
          code: "WC_BACKLESS",
          en: "Backless (evening)",
          zh: "露背（晚礼）",
          disables: ["backLength"],
          remark: ["The back length is not measured", "无需测量后长"],
        },
      ],
    },
    {
      code: "WC_BOTTOM",
      en: "Bottom",
      zh: "下摆",
      choose: "RADIO",
      options: [
        { code: "WC_BOTTOM_POINTED", en: "Pointed", zh: "尖角", def: true },
        { code: "WC_BOTTOM_STRAIGHT", en: "Straight", zh: "平摆" },
      ],
    },
    lining(),
    buttons,
    personalLabel,
    monogramStitch,
    contrastDetails([
      { code: "CD_BACK", en: "Contrast back lining", zh: "撞色后背里", price: 500 },
      { code: "CD_STRAP", en: "Contrast buckle strap", zh: "撞色调节带", price: 300 },
    ]),
  ],
  [GARMENT.overcoat]: [
    fit,
    {
      code: "COAT_STYLE",
      en: "Style",
      zh: "款式",
      choose: "RADIO",
      options: [
        { code: "COAT_CHESTERFIELD", en: "Chesterfield", zh: "切斯特菲尔德", def: true, source: "STYLE" },
        { code: "COAT_POLO", en: "Polo, double-breasted", zh: "双排扣马球", price: 3000, source: "STYLE" },
        { code: "COAT_RAGLAN", en: "Raglan sleeves", zh: "插肩袖", price: 2000, source: "STYLE" },
        {
          code: "COAT_CAPE",
          en: "Cape (no sleeves)",
          zh: "斗篷（无袖）",
          price: 4000,
          source: "STYLE",
          disables: ["sleeve", "bicep", "wrist"],
          remark: ["Sleeve length, bicep and wrist are not measured", "无需测量袖长、袖肥和腕围"],
        },
      ],
    },
    {
      code: "COAT_COLLAR",
      en: "Collar",
      zh: "领型",
      choose: "RADIO",
      options: [
        { code: "CC_NOTCH", en: "Notch lapel", zh: "平驳头", def: true },
        { code: "CC_PEAK", en: "Peak lapel", zh: "枪驳头", price: 1500 },
        { code: "CC_STAND", en: "Stand collar", zh: "立领" },
      ],
    },
    {
      code: "COAT_LENGTH",
      en: "Length",
      zh: "衣长",
      choose: "RADIO",
      options: [
        { code: "CL_ABOVE", en: "Above the knee", zh: "膝上" },
        { code: "CL_KNEE", en: "Knee length", zh: "及膝", def: true },
        { code: "CL_MIDCALF", en: "Mid-calf", zh: "小腿中部", price: 1500 },
      ],
    },
    {
      code: "COAT_POCKETS",
      en: "Pockets",
      zh: "口袋",
      choose: "RADIO",
      options: [
        { code: "CP_FLAP", en: "Flap pockets", zh: "有盖口袋", def: true },
        { code: "CP_PATCH", en: "Patch pockets", zh: "贴袋", price: 1000 },
        { code: "CP_HACKING", en: "Slanted hacking pockets", zh: "斜袋", price: 1000 },
      ],
    },
    vents,
    {
      code: "BELT",
      en: "Belt",
      zh: "腰带",
      choose: "RADIO",
      options: [
        { code: "BELT_NONE", en: "No belt", zh: "无腰带", def: true },
        { code: "BELT_SELF", en: "Self belt", zh: "同料腰带", price: 2000 },
      ],
    },
    {
      code: "COAT_LINING",
      en: "Lining",
      zh: "里布",
      choose: "RADIO",
      kind: 3,
      options: [
        { code: "CLIN_FULL", en: "Full lining", zh: "全里", def: true },
        { code: "CLIN_QUILTED", en: "Quilted lining", zh: "绗缝里布", price: 4000 },
        {
          code: "CLIN_PRINT",
          en: "Printed lining with your artwork",
          zh: "自定义印花里布",
          source: "FILE",
          price: 3500,
        },
      ],
    },
    buttons,
    personalLabel,
    monogramStitch,
    contrastDetails([
      { code: "CD_FELT", en: "Contrast under-collar felt", zh: "撞色领底呢", price: 800 },
      { code: "CD_VELVET", en: "Velvet collar", zh: "丝绒领", price: 2500 },
    ]),
  ],
  [GARMENT.womensSuit]: [
    fit,
    {
      code: "W_JACKET",
      en: "Jacket front",
      zh: "上衣门襟",
      choose: "RADIO",
      options: [
        { code: "WJ_1BTN", en: "One button", zh: "一粒扣", def: true },
        { code: "WJ_2BTN", en: "Two buttons", zh: "两粒扣" },
        { code: "WJ_DB", en: "Double-breasted", zh: "双排扣", price: 2000 },
      ],
    },
    {
      code: "W_LAPEL",
      en: "Lapel",
      zh: "驳头",
      choose: "RADIO",
      options: [
        { code: "WL_NOTCH", en: "Notch lapel", zh: "平驳头", def: true },
        { code: "WL_PEAK", en: "Peak lapel", zh: "枪驳头", price: 1500 },
        { code: "WL_COLLARLESS", en: "Collarless", zh: "无领" },
      ],
    },
    {
      code: "W_SHAPING",
      en: "Waist shaping",
      zh: "收腰方式",
      choose: "RADIO",
      options: [
        { code: "WS_DARTS", en: "Darts", zh: "省道", def: true },
        { code: "WS_PRINCESS", en: "Princess seams", zh: "公主线", price: 800 },
      ],
    },
    pockets,
    {
      code: "W_SLEEVE",
      en: "Sleeves",
      zh: "袖长",
      choose: "RADIO",
      options: [
        { code: "WSL_FULL", en: "Full length", zh: "长袖", def: true },
        {
          code: "WSL_THREE_QUARTER",
          en: "Three-quarter",
          zh: "七分袖",
          disables: ["wrist"],
          remark: ["The wrist is not measured", "无需测量腕围"],
        },
      ],
    },
    {
      code: "W_BOTTOM",
      en: "Bottom piece",
      zh: "下装",
      choose: "RADIO",
      options: [
        {
          code: "WB_TROUSERS",
          en: "Trousers",
          zh: "长裤",
          def: true,
          choose: "RADIO",
          children: [
            { code: "WB_FLAT", en: "Flat front", zh: "无褶", def: true, source: "LABEL" },
            { code: "WB_PLEAT", en: "Single pleat", zh: "单褶", source: "LABEL", price: 500 },
          ],
        },
        { code: "WB_PENCIL", en: "Pencil skirt", zh: "铅笔裙", disables: ["thigh", "knee", "hem"] },
        { code: "WB_ALINE", en: "A-line skirt", zh: "A 字裙", disables: ["thigh", "knee", "hem"] },
      ],
    },
    vents,
    lining(),
    buttons,
    personalLabel,
    monogramStitch,
    contrastDetails([
      { code: "CD_SLEEVE", en: "Contrast sleeve lining", zh: "撞色袖里", price: 600 },
      { code: "CD_FELT", en: "Contrast under-collar felt", zh: "撞色领底呢", price: 800 },
    ]),
  ],
  [GARMENT.accessories]: [
    {
      code: "SERIES",
      en: "Series",
      zh: "系列",
      choose: "RADIO",
      kind: 3,
      n: SERIES_CRAFT_ID - GARMENT.accessories,
      remark: ["Choose a series first", "请先选择系列"],
      options: [
        { code: "SERIES_TIE", en: "Necktie series", zh: "领带系列" },
        { code: "SERIES_BOWTIE", en: "Bow tie series", zh: "领结系列" },
        { code: "SERIES_SQUARE", en: "Pocket square series", zh: "口袋巾系列" },
        { code: "SERIES_SCARF", en: "Scarf series", zh: "围巾系列" },
      ],
    },
    {
      code: "TIE_WIDTH",
      en: "Width",
      zh: "宽度",
      choose: "RADIO",
      kind: 3,
      options: [6, 7, 8, 9].map((w) => ({
        code: `TIE_W${w}`,
        en: `${w} cm`,
        zh: `${w} 厘米`,
        source: "LABEL" as const,
        ...(w === 7 ? { def: true as const } : {}),
      })),
    },
    {
      code: "TIE_TIP",
      en: "Tip shape",
      zh: "尖型",
      choose: "RADIO",
      kind: 3,
      options: [
        { code: "TIP_POINTED", en: "Pointed", zh: "尖头", def: true },
        { code: "TIP_STRAIGHT", en: "Straight", zh: "平头" },
      ],
    },
    {
      code: "TIPPING",
      en: "Tipping",
      zh: "尖部里衬",
      choose: "RADIO",
      kind: 3,
      options: [
        { code: "TIPPING_SELF", en: "Self tipping", zh: "同料", def: true },
        {
          code: "TIPPING_CONTRAST",
          en: "Contrast tipping",
          zh: "撞色",
          price: 300,
          choose: "RADIO",
          children: [
            { code: "TIPPING_NAVY", en: "Navy tipping", zh: "藏青尖衬", def: true, source: "LABEL" },
            { code: "TIPPING_BURGUNDY", en: "Burgundy tipping", zh: "酒红尖衬", source: "LABEL" },
          ],
        },
        { code: "TIPPING_NONE", en: "Untipped, hand-rolled", zh: "无衬手卷", price: 500 },
      ],
    },
    {
      code: "CONSTRUCTION",
      en: "Construction",
      zh: "工艺",
      choose: "RADIO",
      kind: 3,
      options: [
        { code: "FOLD4", en: "Four-fold", zh: "四折", def: true },
        { code: "FOLD7", en: "Seven-fold", zh: "七折", price: 2500 },
      ],
    },
    {
      code: "EDGE",
      en: "Edge finish",
      zh: "边缘处理",
      choose: "RADIO",
      kind: 3,
      options: [
        { code: "EDGE_MACHINE", en: "Machine finished", zh: "机缝", def: true },
        { code: "EDGE_HAND", en: "Hand-rolled", zh: "手卷边", price: 500 },
      ],
    },
    {
      code: "KEEPER",
      en: "Keeper loop",
      zh: "领带夹圈",
      choose: "CHECKBOX",
      kind: 3,
      options: [
        { code: "KEEPER_LOOP", en: "Keeper loop with label", zh: "带标夹圈", def: true },
        { code: "KEEPER_TEXT", en: "Initials on the keeper", zh: "夹圈绣字", source: "TEXT", price: 500 },
      ],
    },
    {
      code: "PACKAGING",
      en: "Packaging",
      zh: "包装",
      choose: "CHECKBOX",
      kind: 3,
      options: [
        { code: "PACK_BOX", en: "Gift box", zh: "礼盒", price: 300 },
        { code: "PACK_POUCH", en: "Travel pouch", zh: "旅行收纳袋", price: 500 },
      ],
    },
    monogramStitch,
    contrastDetails([
      { code: "CD_KEEPER", en: "Contrast keeper loop", zh: "撞色夹圈", price: 200 },
      { code: "CD_LABEL", en: "Contrast label", zh: "撞色标签", price: 200 },
    ]),
  ],
  [GARMENT.special]: [
    fit,
    lapel,
    front,
    vents,
    pockets,
    details,
    {
      code: "LOGO",
      en: "Corporate logo",
      zh: "企业标志",
      choose: "CHECKBOX",
      options: [
        {
          code: "LOGO_EMB",
          en: "Embroidered company logo",
          zh: "企业标志刺绣",
          price: 3000,
          n: LOGO_CRAFT_ID - GARMENT.special,
          remark: ["Please send the logo to your account manager", "请将标志发送给您的客户经理"],
        },
        { code: "LOGO_FILE", en: "Logo artwork file", zh: "标志图稿", source: "FILE" },
        { code: "LOGO_POSITION", en: "Logo position note", zh: "标志位置说明", source: "TEXT" },
      ],
    },
    {
      code: "UNIFORM",
      en: "Uniform details",
      zh: "制服细节",
      choose: "CHECKBOX",
      options: [
        { code: "UNI_SEAMS", en: "Reinforced seams", zh: "加固缝线", price: 800, preset: true },
        { code: "UNI_NAME", en: "Name tape", zh: "姓名贴", source: "TEXT", price: 300 },
        { code: "UNI_PEN", en: "Pen pocket in the lining", zh: "里袋笔插", price: 400, preset: true },
      ],
    },
    trouserFront,
    trouserLeg,
    lining(),
    buttons,
    monogramStitch,
    contrastDetails([
      { code: "CD_FELT", en: "Contrast under-collar felt", zh: "撞色领底呢", price: 800 },
      { code: "CD_SLEEVE", en: "Contrast sleeve lining", zh: "撞色袖里", price: 600 },
    ]),
  ],
};

export type CraftRow = typeof crafts.$inferInsert;

/** Public address of a craft's picture (drawn by the server). */
export const craftImagePath = (id: number) => `/api/pc/dict/craftImage/${id}`;
const pictured = new Set<SourceType>(["IMAGE", "STYLE", "FONT"]);

/** Flattens the trees into rows; ids are the category id + n, documented ids reserved first. */
export function craftRows(): {
  crafts: CraftRow[];
  presets: Array<{ categoryId: number; craftId: number; pos: number }>;
} {
  const rows: CraftRow[] = [];
  const presets: Array<{ categoryId: number; craftId: number; pos: number }> = [];
  for (const [key, groups] of Object.entries(TREES)) {
    const categoryId = Number(key);
    const reserved = new Set<number>();
    const reserve = (nodes: readonly (Option | Group)[]) =>
      nodes.forEach((node) => {
        if (node.n !== undefined) reserved.add(node.n);
        const children = "options" in node ? node.options : (node.children ?? []);
        reserve(children);
      });
    reserve(groups);
    let next = 1;
    const nextId = (n: number | undefined) => {
      if (n !== undefined) return categoryId + n;
      while (reserved.has(next)) next++;
      if (next >= 500) throw new Error(`category ${categoryId} has too many crafts`);
      return categoryId + next++;
    };
    let pos = 0;
    const add = (node: Option, parentId: number, parentChoose: ChooseType, kind: Kind) => {
      const id = nextId(node.n);
      const sourceType = node.source ?? "IMAGE";
      const children = node.children ?? [];
      rows.push({
        id,
        categoryId,
        parentId,
        code: node.code,
        enName: node.en,
        zhName: node.zh,
        value: node.value ?? "",
        priceCents: node.price ?? 0,
        isDefault: node.def ? 1 : 0,
        sourceType,
        // A leaf carries its group's rule; an option with children the rule of its children.
        chooseType: children.length > 0 ? (node.choose ?? "RADIO") : parentChoose,
        kind,
        imagePath: pictured.has(sourceType) ? craftImagePath(id) : "",
        extension: node.disables ? disablingExtension(categoryId, node.disables) : "",
        remark: node.remark?.[0] ?? "",
        remarkZh: node.remark?.[1] ?? "",
        pos: pos++,
      });
      if (node.preset) presets.push({ categoryId, craftId: id, pos: presets.length });
      for (const child of children) add(child, id, node.choose ?? "RADIO", kind);
    };
    for (const group of groups) {
      const id = nextId(group.n);
      const kind = group.kind ?? 1;
      rows.push({
        id,
        categoryId,
        parentId: null,
        code: group.code,
        enName: group.en,
        zhName: group.zh,
        value: "",
        priceCents: 0,
        isDefault: 0,
        sourceType: "LABEL",
        chooseType: group.choose,
        kind,
        imagePath: "",
        extension: "",
        remark: group.remark?.[0] ?? "",
        remarkZh: group.remark?.[1] ?? "",
        pos: pos++,
      });
      for (const option of group.options) add(option, id, group.choose, kind);
    }
  }
  return { crafts: rows, presets };
}
