/**
 * The online mall's seed (issue 25): a two-level category tree and 132 ready goods, 11 per
 * sub-category, each with colours, sizes (or none), a price, three or four drawn pictures, HTML texts,
 * and stock per colour and size. Deterministic: the same rows every time.
 */

export interface GoodsCategoryRow {
  id: number;
  parentId: number | null;
  enName: string;
  zhName: string;
  pos: number;
}

/** [id, en, zh, [sub id, en, zh, kind, colours, sizes, base price in cents][]] */
const TREE: Array<[number, string, string, Array<[number, string, string, string, string[], string[], number]>]> = [
  [
    100,
    "Neckwear",
    "领饰",
    [
      [101, "Ties", "领带", "tie", ["Navy", "Burgundy", "Silver", "Forest green"], [], 3900],
      [102, "Bow ties", "领结", "bowtie", ["Black", "Navy", "Burgundy"], [], 2900],
      [103, "Pocket squares", "口袋巾", "square", ["White", "Navy", "Paisley red"], [], 1900],
    ],
  ],
  [
    200,
    "Shirts",
    "衬衫",
    [
      [
        201,
        "Dress shirts",
        "正装衬衫",
        "shirt",
        ["White", "Light blue", "Pink"],
        ["38", "39", "40", "41", "42", "43"],
        6900,
      ],
      [202, "Casual shirts", "休闲衬衫", "shirt", ["Chambray", "Olive", "White"], ["S", "M", "L", "XL"], 5900],
    ],
  ],
  [
    300,
    "Leather goods",
    "皮具",
    [
      [301, "Belts", "皮带", "belt", ["Black", "Dark brown", "Tan"], ["90 cm", "100 cm", "110 cm", "120 cm"], 4900],
      [302, "Wallets", "钱包", "wallet", ["Black", "Cognac"], [], 5900],
    ],
  ],
  [
    400,
    "Shoes",
    "鞋履",
    [
      [401, "Oxfords", "牛津鞋", "shoe", ["Black", "Dark brown"], ["40", "41", "42", "43", "44", "45"], 18900],
      [402, "Loafers", "乐福鞋", "shoe", ["Burgundy", "Tan", "Black"], ["40", "41", "42", "43", "44"], 16900],
    ],
  ],
  [
    500,
    "Small accessories",
    "小配饰",
    [
      [501, "Cufflinks", "袖扣", "cufflink", ["Silver", "Gold"], [], 3500],
      [502, "Tie bars", "领带夹", "tiebar", [], [], 1900],
      [503, "Socks", "袜子", "socks", ["Navy", "Charcoal", "Burgundy", "Black"], ["M", "L"], 1200],
    ],
  ],
];

const STYLES: Array<[string, string]> = [
  ["Classic", "经典"],
  ["Heritage", "传承"],
  ["Windsor", "温莎"],
  ["Milano", "米兰"],
  ["Savile", "萨维尔"],
  ["Riviera", "里维埃拉"],
  ["Oxford", "牛津"],
  ["Regent", "摄政"],
  ["Mayfair", "梅菲尔"],
  ["Chelsea", "切尔西"],
  ["Kensington", "肯辛顿"],
];

/** The colours of the mall's goods (their pictures are drawn in them). */
export const COLOUR_HEX: Record<string, string> = {
  Navy: "#1f2a44",
  Burgundy: "#6d1a2b",
  Silver: "#a8acb3",
  "Forest green": "#22472f",
  Black: "#1b1b1b",
  White: "#f4f4f2",
  "Paisley red": "#9c2f2f",
  "Light blue": "#a9c6e8",
  Pink: "#efc1cb",
  Chambray: "#7d93b5",
  Olive: "#6b6b3a",
  "Dark brown": "#4a2f1e",
  Tan: "#b07b4f",
  Cognac: "#8a4b22",
  Gold: "#c9a43a",
  Charcoal: "#3a3d42",
};

export const GOODS_PER_SUB_CATEGORY = 11;

export interface GoodsRow {
  id: number;
  categoryId: number;
  subCategoryId: number;
  sku: string;
  enName: string;
  zhName: string;
  kind: string;
  colorHex: string;
  colors: string;
  specs: string;
  priceCents: number;
  imageCount: number;
  propertyEn: string;
  propertyZh: string;
  detailEn: string;
  detailZh: string;
  searchText: string;
  pos: number;
}

export interface GoodsStockRow {
  goodId: number;
  color: string;
  spec: string;
  quantity: number;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The mall's categories, goods and stock; `testData` adds hostile HTML to one product's texts (the sanitiser's proof). */
export function goodsCatalogueRows(testData = false) {
  const categories: GoodsCategoryRow[] = [];
  const goods: GoodsRow[] = [];
  const stock: GoodsStockRow[] = [];
  let pos = 0;
  TREE.forEach(([mainId, mainEn, mainZh, subs], m) => {
    categories.push({ id: mainId, parentId: null, enName: mainEn, zhName: mainZh, pos: m });
    subs.forEach(([subId, subEn, subZh, kind, colours, sizes, basePrice], s) => {
      categories.push({ id: subId, parentId: mainId, enName: subEn, zhName: subZh, pos: s });
      for (let k = 0; k < GOODS_PER_SUB_CATEGORY; k++) {
        const id = subId * 100 + k + 1;
        const [styleEn, styleZh] = STYLES[k]!;
        // Some goods come in fewer colours: every third one offers its first two.
        const offered = k % 3 === 2 && colours.length > 2 ? colours.slice(0, 2) : colours;
        const single = subEn.endsWith("s") ? subEn.slice(0, -1) : subEn;
        const enName = `${styleEn} ${single.toLowerCase()}`;
        const zhName = `${styleZh}${subZh}`;
        const sku = `G${id}`;
        const priceCents = basePrice + (k % 5) * 500;
        const material =
          {
            tie: "silk",
            bowtie: "silk",
            square: "silk",
            shirt: "cotton",
            belt: "leather",
            wallet: "leather",
            shoe: "calf leather",
            cufflink: "sterling silver",
            tiebar: "stainless steel",
            socks: "merino wool",
          }[kind] ?? "cotton";
        const materialZh =
          {
            tie: "真丝",
            bowtie: "真丝",
            square: "真丝",
            shirt: "棉",
            belt: "皮革",
            wallet: "皮革",
            shoe: "小牛皮",
            cufflink: "纯银",
            tiebar: "不锈钢",
            socks: "美利奴羊毛",
          }[kind] ?? "棉";
        let detailEn = `<p>The ${escapeHtml(enName)} is made in small batches from ${material}.</p><h3>Care</h3><ul><li>Keep dry</li><li>Store flat</li></ul>`;
        const detailZh = `<p>${escapeHtml(zhName)}以${materialZh}小批量制作。</p><h3>保养</h3><ul><li>保持干燥</li><li>平放存放</li></ul>`;
        if (testData && id === 10101)
          detailEn += `<img src="x" onerror="document.title='pwned'"><script>document.title='pwned'</script><a href="javascript:alert(1)">link</a>`;
        goods.push({
          id,
          categoryId: mainId,
          subCategoryId: subId,
          sku,
          enName,
          zhName,
          kind,
          colorHex: COLOUR_HEX[offered[0] ?? "Silver"] ?? "#6b7280",
          colors: offered.join(","),
          specs: sizes.join(","),
          priceCents,
          imageCount: 3 + (k % 2),
          propertyEn: `<ul><li><strong>Material:</strong> ${material}</li><li><strong>SKU:</strong> ${sku}</li></ul>`,
          propertyZh: `<ul><li><strong>材质：</strong>${materialZh}</li><li><strong>货号：</strong>${sku}</li></ul>`,
          detailEn,
          detailZh,
          searchText: `${enName} ${zhName} ${sku} ${subEn} ${subZh}`.toLowerCase(),
          pos: pos++,
        });
        const colourList = offered.length > 0 ? offered : [""];
        const sizeList = sizes.length > 0 ? sizes : [""];
        colourList.forEach((color, c) =>
          sizeList.forEach((spec, z) =>
            stock.push({
              goodId: id,
              color,
              spec,
              quantity: (id * 7 + c * 5 + z * 3) % 23 === 0 ? 0 : 5 + ((id + c * 3 + z) % 20),
            }),
          ),
        );
      }
    });
  });
  return { categories, goods, stock };
}
