import type { components } from "../../../openapi/portal.d.ts";
import type { Db } from "../../db/client.ts";
import { postureImagePath } from "../../db/catalogue/postures.ts";
import { AppError, notFound } from "../../errors.ts";
import type { Locale } from "../../i18n.ts";
import { requireCategory } from "../catalogue/service.ts";
import { requireOwnCustomer } from "../customers/service.ts";
import { postureSvg } from "../shared/pictures.ts";
import { measurementsRepository, type MeasurePartRow } from "./repository.ts";
import { MEASURE_METHOD } from "../../../domain/ids.ts";

/**
 * Measurements, body posture and standard sizes of a garment category (order entry, step 3), shared
 * by measureInfo/specBody/standard, their base-style variants and getCloth.
 */
type MeasurePart = components["schemas"]["MeasurePart"];
type BodySpec = components["schemas"]["BodySpec"];
type StandardSize = components["schemas"]["StandardSize"];

/** Dictionary categories of the standard sizes: 43 shapes (fits), 44 size areas. */
export const SHAPES = 43;
export const SIZE_AREAS = 44;
/** QO-058: the measurement stepper adds 0.5 cm. */
const ADD_NUM = 0.5;

/** Who asks, in which language: a customer id must be one of the account's own customers. */
export interface Asker {
  memberId: number;
  locale: Locale;
}

/** Throws the not-found refusal unless `id` is an entry of the dictionary category (43 shapes, 44 size areas). */
export async function requireDictEntry(db: Db, category: typeof SHAPES | typeof SIZE_AREAS, id: number): Promise<void> {
  if (!(await measurementsRepository(db).dictEntryExists(id, category)))
    throw notFound(category === SHAPES ? "catalogue.shapeNotFound" : "catalogue.sizeAreaNotFound", { id });
}

/** The methods measurement parts are stored for: body (10052) and finished garment (10053). */
export type MeasureMode = typeof MEASURE_METHOD.body | typeof MEASURE_METHOD.finished;

/**
 * The measurement parts of a category for a method (10052 body, 10053 finished garment), with the
 * customer's stored values (or a kept measurement set's, issue 24). With a fit (dictionary 43), the finished-garment defaults are the body
 * default plus that fit's ease (rounded to the 0.5 step, within the part's range).
 */
export async function measurePartList(
  db: Db,
  asker: Asker,
  query: { category: number; measureType: MeasureMode; customerId?: number; fitId?: number; measureSetId?: number },
): Promise<MeasurePart[]> {
  const { category, measureType, customerId, fitId, measureSetId } = query;
  const zh = asker.locale === "zh";
  if (customerId !== undefined) await requireOwnCustomer(db, asker.memberId, customerId);
  // Issue 24: an order started from a kept measurement set shows that set's values, not today's
  const fromSet =
    measureSetId === undefined
      ? undefined
      : await measurementsRepository(db).measureSetSizes(asker.memberId, customerId ?? 0, measureSetId);
  if (measureSetId !== undefined && !fromSet) throw notFound("customer.measureSetNotFound", { id: measureSetId });
  if (fitId !== undefined) await requireDictEntry(db, SHAPES, fitId);
  const parts = await measurementsRepository(db).parts(category, measureType);
  if (parts.length === 0) await requireCategory(db, category);
  const stored = fromSet
    ? fromSet
    : customerId === undefined || parts.length === 0
      ? []
      : await measurementsRepository(db).storedSizes(
          customerId,
          parts.map((p) => p.id),
        );
  const valueOf = new Map(stored.map((s) => [s.partId, s.partSize]));
  const isBody = measureType === MEASURE_METHOD.body;
  const defaultOf = await fitDefaults(db, parts, isBody ? undefined : fitId);
  return parts.map((p) => ({
    id: p.id,
    code: p.code,
    name: zh ? p.zhName : p.enName,
    inputValue: valueOf.get(p.id) ?? null,
    defaultValue: defaultOf.get(p.id) ?? p.defaultValue,
    minValue: p.minValue,
    maxValue: p.maxValue,
    addNum: ADD_NUM,
    isMust: p.isMust === 1 ? (1 as const) : (0 as const),
    disabled: false,
    finishId: isBody ? p.refPartId : null,
    finishValue: null,
    refPartId: p.refPartId,
    unit: "cm" as const,
  }));
}

/** Finished-garment defaults for a fit: body default + ease, keyed by the finished part's id. */
async function fitDefaults(db: Db, finishedParts: ReadonlyArray<MeasurePartRow>, fitId: number | undefined) {
  const result = new Map<number, number>();
  const bodyIds = finishedParts.map((p) => p.refPartId).filter((id): id is number => id !== null);
  if (fitId === undefined || bodyIds.length === 0) return result;
  const body = await measurementsRepository(db).bodyDefaultsWithEase(bodyIds, fitId);
  const bodyOf = new Map(body.map((b) => [b.id, b]));
  for (const part of finishedParts) {
    const b = part.refPartId === null ? undefined : bodyOf.get(part.refPartId);
    if (!b) continue;
    const value = Math.round((b.defaultValue + b.ease) * 2) / 2;
    result.set(part.id, Math.min(part.maxValue, Math.max(part.minValue, value)));
  }
  return result;
}

/** The body-posture specs of a category with their choices; chooseId is the customer's stored choice, else the default. */
export async function bodySpecList(
  db: Db,
  asker: Asker,
  query: { category: number; customerId?: number },
): Promise<BodySpec[]> {
  const { category, customerId } = query;
  const zh = asker.locale === "zh";
  if (customerId !== undefined) await requireOwnCustomer(db, asker.memberId, customerId);
  const rows = await measurementsRepository(db).bodySpecs(category);
  if (rows.length === 0) await requireCategory(db, category);
  const chosen = customerId === undefined ? [] : await measurementsRepository(db).specialChoices(customerId);
  const choiceOf = new Map(chosen.map((c) => [c.specId, c.detailId]));
  const specs = new Map<number, BodySpec>();
  for (const { spec, detail } of rows) {
    let entry = specs.get(spec.id);
    if (!entry) {
      entry = {
        id: spec.id,
        name: zh ? spec.zhName : spec.enName,
        enName: spec.enName,
        details: [],
        chooseId: choiceOf.get(spec.id) ?? 0,
      };
      specs.set(spec.id, entry);
    }
    entry.details.push({
      id: detail.id,
      name: zh ? detail.zhName : detail.enName,
      description: zh ? detail.descriptionZh : detail.descriptionEn,
      imagePath: postureImagePath(detail.id),
      isDefault: detail.isDefault === 1 ? 1 : 0,
    });
    if (entry.chooseId === 0 && detail.isDefault === 1) entry.chooseId = detail.id;
  }
  return [...specs.values()];
}

/**
 * The standard sizes (method 10054) of a category, of one size area and shape when given (each
 * checked against dictionaries 44 and 43), by area, shape and size.
 */
export async function standardSizeList(
  db: Db,
  asker: Asker,
  query: { category: number; sizeAreaId?: number; shape?: number },
): Promise<StandardSize[]> {
  const { category, sizeAreaId, shape } = query;
  const zh = asker.locale === "zh";
  if (sizeAreaId !== undefined) await requireDictEntry(db, SIZE_AREAS, sizeAreaId);
  if (shape !== undefined) await requireDictEntry(db, SHAPES, shape);
  const sizes = await measurementsRepository(db).standardSizes({ categoryId: category, sizeAreaId, shapeId: shape });
  if (sizes.length === 0) {
    await requireCategory(db, category);
    return [];
  }
  const parts = await measurementsRepository(db).partNames(category, MEASURE_METHOD.finished);
  const nameOf = new Map(parts.map((p) => [p.id, zh ? p.zhName : p.enName]));
  return sizes.map((s) => ({
    id: s.id,
    name: s.name,
    property: zh ? s.propertyZh : s.property,
    shape: s.shapeId,
    sizeAreaId: s.sizeAreaId,
    details: s.details.map((d) => ({ partId: d.partId, name: nameOf.get(d.partId) ?? "", value: d.value })),
  }));
}

/** The shapes (fits) and size areas a category's standard sizes use. */
export async function shapesAndAreas(db: Db, locale: Locale, category: number) {
  const repository = measurementsRepository(db);
  const zh = locale === "zh";
  const used = await repository.usedShapesAndAreas(category);
  if (used.length === 0) await requireCategory(db, category);
  const dict = await repository.dictEntriesOf([SHAPES, SIZE_AREAS]);
  const pick = (dictCategory: number, ids: Set<number>) =>
    dict
      .filter((d) => d.category === dictCategory && ids.has(d.id))
      .map((d) => ({ id: d.id, name: zh ? d.zhName : d.enName }));
  return {
    shapes: pick(SHAPES, new Set(used.map((u) => u.shapeId))),
    sizeAreas: pick(SIZE_AREAS, new Set(used.map((u) => u.sizeAreaId))),
  };
}

/** QO-061: the pieces that may be added to a garment of the category (the add-product selector). */
export async function addableProducts(db: Db, locale: Locale, category: number) {
  await requireCategory(db, category);
  const rows = await measurementsRepository(db).addProducts(category);
  return {
    isAdd: rows.length > 0,
    list: rows.map((r) => ({ id: r.addCategoryId, name: locale === "zh" ? r.zhName : r.enName })),
  };
}

/** QO-198: the customer's special body types (stored posture choices) in the category's specs. */
export async function specialBodyTypes(db: Db, asker: Asker, query: { category: number; customerId: number }) {
  const zh = asker.locale === "zh";
  await requireCategory(db, query.category);
  await requireOwnCustomer(db, asker.memberId, query.customerId);
  const rows = await measurementsRepository(db).specialBodyTypes(query.customerId, query.category);
  return rows.map(({ spec, detail }) => ({
    desId: spec.id,
    desName: zh ? spec.zhName : spec.enName,
    specId: detail.id,
    specName: zh ? detail.zhName : detail.enName,
    description: zh ? detail.descriptionZh : detail.descriptionEn,
    imagePath: postureImagePath(detail.id),
  }));
}

/** A posture detail's picture (drawn), or the not-found refusal (404). */
export async function posturePicture(db: Db, id: number): Promise<string> {
  const detail = await measurementsRepository(db).bodySpecDetail(id);
  if (!detail) throw new AppError(404, "catalogue.pictureNotFound", { id }, 404);
  return postureSvg(detail.figure, detail.enName);
}
