import type { Db } from "../../db/client.ts";
import { likePattern } from "../../db/like.ts";
import { AppError, notFound } from "../../errors.ts";
import type { Locale } from "../../i18n.ts";
import { requireCategory } from "../catalogue/service.ts";
import type { AccountPricing } from "../pricing/service.ts";
import { swatchSvg } from "../shared/pictures.ts";
import { fabricsRepository } from "./repository.ts";
import { FABRIC_LIBRARY_PAGE_SIZE } from "../../../domain/goods.ts";

/** QO-204: the order-entry fabric picker shows at most 13 fabrics. */
export const FABRIC_PICKER_LIMIT = 13;
const metres = (centimetres: number) => centimetres / 100;
const normalCode = (code: string) => code.trim().toUpperCase();

/** At most this many words of the keywords are matched. */
const MAX_WORDS = 5;

/** Fabric search for order entry: every word must match one of the described fields, in either language. */
export async function searchFabrics(
  db: Db,
  query: { clothCategory?: number; keywords?: string; limit?: number },
  locale: Locale,
  pricing: AccountPricing,
) {
  const { clothCategory, keywords } = query;
  const zh = locale === "zh";
  const words = (keywords ?? "").trim().split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  const rows = await fabricsRepository(db).search({
    category: clothCategory,
    patterns: words.map(likePattern),
    limit: query.limit ?? FABRIC_PICKER_LIMIT,
  });
  // Nothing found: an unknown category is a 404, not an empty page.
  if (rows.length === 0 && clothCategory !== undefined) await requireCategory(db, clothCategory);
  const { price, moneyType } = pricing;
  const data = rows.map((f) => ({
    id: f.id,
    fabricCode: f.fabricCode,
    imagePath: f.imagePath,
    imgPath: f.imagePath,
    price: price(f.pricePerMeterCents),
    moneyType,
    colorTypeName: zh ? f.colorTypeNameZh : f.colorTypeName,
    flowerPatternName: zh ? f.flowerPatternNameZh : f.flowerPatternName,
    flowerRemark: zh ? f.flowerRemarkZh : f.flowerRemark,
    soledad: zh ? f.soledadZh : f.soledad,
    fabricProName: zh ? f.fabricProNameZh : f.fabricProName,
    weight: f.weightGrams > 0 ? `${f.weightGrams} g/m` : "",
    remark: zh ? f.remarkZh : f.remark,
    check: false,
    stock: metres(f.stockCentimeters),
    inStock: f.stockCentimeters > 0,
  }));
  return { data, total: rows[0]?.total ?? 0 };
}

/**
 * FAB-007, FAB-008, FAB-009: a page of the fabric library (50 by default) by garment category and code;
 * prices only for a signed-in caller (its factor and currency), none for a visitor.
 */
export async function fabricLibraryPage(
  db: Db,
  query: { pageSize?: number; pageNum?: number; category?: number; fabricCode?: string },
  locale: Locale,
  pricing: AccountPricing | null,
) {
  const limit = query.pageSize ?? FABRIC_LIBRARY_PAGE_SIZE;
  const code = normalCode(query.fabricCode ?? "");
  const { rows, total } = await fabricsRepository(db).libraryPage({
    category: query.category,
    codePattern: code === "" ? undefined : likePattern(code),
    limit,
    offset: ((query.pageNum ?? 1) - 1) * limit,
  });
  // An unknown category is a 404, not an empty library.
  if (rows.length === 0 && query.category !== undefined) await requireCategory(db, query.category);
  const zh = locale === "zh";
  const data = rows.map((f) => ({
    id: f.id,
    fabricCode: f.fabricCode,
    fabricProName: zh ? f.fabricProNameZh : f.fabricProName,
    imagePath: f.imagePath,
    ck: metres(f.stockCentimeters),
    colorTypeName: zh ? f.colorTypeNameZh : f.colorTypeName,
    flowerPatternName: zh ? f.flowerPatternNameZh : f.flowerPatternName,
    ...(pricing ? { price: pricing.price(f.pricePerMeterCents), moneyType: pricing.moneyType } : {}),
  }));
  return { data, total };
}

/** A fabric's stock in metres; an unknown code is the not-found refusal. */
export async function fabricStock(db: Db, fabricCode: string) {
  const code = normalCode(fabricCode);
  const fabric = code === "" ? undefined : await fabricsRepository(db).stock(code);
  if (!fabric) throw notFound("fabric.notFound", { code: fabricCode.trim() });
  return { fabricCode: fabric.fabricCode, stock: metres(fabric.stock), inStock: fabric.stock > 0 };
}

/** A fabric's swatch (drawn); an unknown fabric or one without a picture is a 404. */
export async function fabricSwatch(db: Db, fabricCode: string): Promise<string> {
  const fabric = await fabricsRepository(db).byCode(normalCode(fabricCode));
  if (!fabric) throw new AppError(404, "fabric.notFound", { code: fabricCode }, 404);
  if (fabric.imagePath === "") throw new AppError(404, "fabric.noPicture", { code: fabric.fabricCode }, 404);
  return swatchSvg(fabric);
}
