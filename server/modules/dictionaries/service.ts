import type { Db } from "../../db/client.ts";
import { notFound } from "../../errors.ts";
import type { Locale } from "../../i18n.ts";
import { requireOwnCustomer } from "../customers/service.ts";
import {
  measurePartList,
  requireDictEntry,
  SIZE_AREAS,
  standardSizeList,
  type Asker,
  type MeasureMode,
} from "../measurements/service.ts";
import { MEASURE_METHOD, ORDER_STATUS } from "../../../domain/ids.ts";
import { ORDER_STATUSES, PRODUCTION_LIST_STATUSES } from "../../../domain/orderStatus.ts";
import { styleBasicList } from "../styleBasics/service.ts";
import { dictionariesRepository } from "./repository.ts";

/** The order search dictionary's categories (PROD-062; 14 = appearance, D-05). */
export const ORDER_SEARCH_DICT = {
  orderTypes: 7,
  statuses: 9,
  cutTwice: 12,
  sizeCategories: 13,
  appearance: 14,
} as const;
type OrderSearchCategory = (typeof ORDER_SEARCH_DICT)[keyof typeof ORDER_SEARCH_DICT];

/** QO-061: the category itself, then its add-product pieces, each with sizes, standard sizes and base styles. */
export async function garmentPieces(
  db: Db,
  asker: Asker,
  query: { category: number; sizeType?: MeasureMode; sizeAreaId?: number; customerId?: number },
) {
  const { category, sizeType, sizeAreaId, customerId } = query;
  const repository = dictionariesRepository(db);
  const zh = asker.locale === "zh";
  const main = await repository.category(category);
  if (!main) throw notFound("catalogue.categoryNotFound", { id: category });
  if (customerId !== undefined) await requireOwnCustomer(db, asker.memberId, customerId);
  if (sizeAreaId !== undefined) await requireDictEntry(db, SIZE_AREAS, sizeAreaId);
  const pieces = [main, ...(await repository.addedPieces(category))];
  const styles = await styleBasicList(
    db,
    asker.locale,
    pieces.map((p) => p.id),
  );
  const result = [];
  for (const piece of pieces) {
    const styleList = styles.filter((s) => s.category === piece.id);
    result.push({
      id: piece.id,
      enName: piece.enName,
      name: zh ? piece.zhName : piece.enName,
      chooseStyleId: (styleList.find((s) => s.isDefault === 1) ?? styleList[0])?.id ?? null,
      sizeList: await measurePartList(db, asker, {
        category: piece.id,
        measureType: sizeType ?? MEASURE_METHOD.body,
        customerId,
      }),
      standardList: await standardSizeList(db, asker, { category: piece.id, sizeAreaId }),
      styleList,
    });
  }
  return result;
}

/** Every garment category with the order ways it is offered for. */
export async function categoryDictionary(db: Db, locale: Locale) {
  const zh = locale === "zh";
  const rows = await dictionariesRepository(db).allCategories();
  return rows.map((c) => ({
    id: c.id,
    name: zh ? c.zhName : c.enName,
    enName: c.enName,
    zhName: c.zhName,
    ecode: c.ecode,
    imagePath: c.imagePath,
    orderWays: [...(c.simpleOrder ? [7 as const] : []), ...(c.professionalOrder ? [8 as const] : [])],
    onlyCoat: c.onlyCoat,
  }));
}

/** One system dictionary entry; an unknown id is the not-found refusal. */
export async function dictEntry(db: Db, locale: Locale, id: number) {
  const r = await dictionariesRepository(db).dictEntry(id);
  if (!r) throw notFound("dictionary.notFound", { id });
  return {
    id: r.id,
    name: locale === "zh" ? r.zhName : r.enName,
    zhName: r.zhName,
    enName: r.enName,
    pos: r.pos,
    isStop: r.isStop === 1 ? (1 as const) : (0 as const),
    category: r.category,
  };
}

/**
 * A basic dictionary (children of one parent when given; parentId 0 the top-level entries, PROD-063); an
 * unknown parent or category is the not-found refusal.
 */
export async function basicDictionary(db: Db, locale: Locale, query: { category: number; parentId?: number }) {
  const { category, parentId } = query;
  const repository = dictionariesRepository(db);
  const zh = locale === "zh";
  if (parentId !== undefined && parentId !== 0 && !(await repository.basicEntryExists(parentId)))
    throw notFound("dictionary.notFound", { id: parentId });
  const rows = await repository.basicEntries(category, parentId === 0 ? null : parentId);
  if (rows.length === 0 && !(await repository.basicCategoryExists(category)))
    throw notFound("dictionary.categoryNotFound", { id: category });
  return rows.map((r) => ({
    id: r.id,
    name: zh ? r.zhName : r.enName,
    zhName: r.zhName,
    enName: r.enName,
    code: r.code,
    category: r.category,
    parentId: r.parentId,
    pos: r.pos,
  }));
}

/**
 * PROD-062, PROD-026 (designed path and filters, see the contract's orderSearchDict): one category of the
 * order search dictionary as {dealItem, name}. For the statuses (9), type 2 or extend 2 narrows them to the
 * production list's, type 21 to every status past the cart.
 */
export async function orderSearchDictionary(
  db: Db,
  locale: Locale,
  query: { category: OrderSearchCategory; type?: 2 | 21; extend?: 2 },
) {
  const { category, type, extend } = query;
  const statuses =
    category !== ORDER_SEARCH_DICT.statuses
      ? undefined
      : type === 2 || extend === 2
        ? PRODUCTION_LIST_STATUSES
        : type === 21
          ? ORDER_STATUSES.filter((status) => status !== ORDER_STATUS.saved)
          : undefined;
  const rows = await dictionariesRepository(db).systemEntries(category, statuses);
  return rows.map((r) => ({ dealItem: r.id, name: locale === "zh" ? r.zhName : r.enName }));
}
