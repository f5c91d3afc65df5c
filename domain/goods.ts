/**
 * The online mall's rules (002 §2, §5, §9) and the fabric library's figures (001 §7, §9), shared by the
 * pages and the server.
 */

/** GOODS-023: the catalogue pages by 20. */
export const GOODS_PAGE_SIZE = 20;
/** GOODS-024: catalogue pictures are asked at most 380 pixels wide. */
export const GOODS_IMAGE_MAX_WIDTH = 380;
/** GOODS-013: the quantity of a purchase. */
export const GOODS_QUANTITY_MIN = 1;
export const GOODS_QUANTITY_MAX = 99;
/** FAB-009: the fabric library pages by 50 (FAB-003: ten cards a row, the page's grid-cols-10). */
export const FABRIC_LIBRARY_PAGE_SIZE = 50;

/** A comma list ("Navy,Black") as its values, trimmed, empty ones left out (GOODS-009). */
export const splitGoodsList = (list: string): string[] =>
  list
    .split(",")
    .map((value) => value.trim())
    .filter((value) => value !== "");

/** What a purchase of a product chooses. */
export interface GoodsChoice {
  color: string;
  spec: string;
  quantity: number;
}

/** Why a choice cannot be bought, first refusal first. */
export type GoodsChoiceRefusal =
  | { rule: "chooseColour" }
  | { rule: "chooseSize" }
  | { rule: "colourNotOffered"; value: string }
  | { rule: "sizeNotOffered"; value: string }
  | { rule: "quantityRange"; min: number; max: number };

/**
 * GOODS-011, GOODS-012, GOODS-013: a product with colours needs one of them ("please choose colour"), one
 * with specs one of its sizes ("please choose size"); a product without colours (or sizes) takes none;
 * the quantity is a whole number from 1 to 99.
 */
export function goodsChoiceRefusal(
  product: { colors: string; specs: string },
  choice: GoodsChoice,
): GoodsChoiceRefusal | null {
  const colors = splitGoodsList(product.colors);
  const specs = splitGoodsList(product.specs);
  const color = choice.color.trim();
  const spec = choice.spec.trim();
  if (colors.length > 0 && color === "") return { rule: "chooseColour" };
  if (color !== "" && !colors.includes(color)) return { rule: "colourNotOffered", value: color };
  if (specs.length > 0 && spec === "") return { rule: "chooseSize" };
  if (spec !== "" && !specs.includes(spec)) return { rule: "sizeNotOffered", value: spec };
  if (
    !Number.isInteger(choice.quantity) ||
    choice.quantity < GOODS_QUANTITY_MIN ||
    choice.quantity > GOODS_QUANTITY_MAX
  )
    return { rule: "quantityRange", min: GOODS_QUANTITY_MIN, max: GOODS_QUANTITY_MAX };
  return null;
}

/** The catalogue's query as the address keeps it (GOODS: categoryId, subCategoryId, search, page). */
export interface GoodsCatalogueQuery {
  categoryId?: number;
  subCategoryId?: number;
  search?: string;
  page?: number;
}

/**
 * GOODS-022: the detail page's `back` (the encoded JSON of the catalogue query) read back; anything that
 * is not such a query is null (and only logged by the page). Only the four known keys of the right
 * types are kept, so a long or hostile `back` cannot reach the catalogue's address.
 */
export function parseGoodsBack(back: string | undefined): GoodsCatalogueQuery | null {
  if (back === undefined || back === "" || back.length > 2000) return null;
  let value: unknown;
  try {
    value = JSON.parse(back);
  } catch {
    return null;
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  const positive = (v: unknown) =>
    typeof v === "number" && Number.isInteger(v) && v > 0 && v < 2 ** 31 ? v : undefined;
  const query: GoodsCatalogueQuery = {};
  const categoryId = positive(raw.categoryId);
  const subCategoryId = positive(raw.subCategoryId);
  const page = positive(raw.page);
  if (categoryId !== undefined) query.categoryId = categoryId;
  if (subCategoryId !== undefined) query.subCategoryId = subCategoryId;
  if (page !== undefined) query.page = page;
  if (typeof raw.search === "string" && raw.search.trim() !== "") query.search = raw.search.slice(0, 50);
  return query;
}
