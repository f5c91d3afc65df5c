import { and, asc, eq, inArray } from "drizzle-orm";
import type { components } from "../../openapi/portal.d.ts";
import type { Db } from "../db/client.ts";
import { postureImagePath } from "../db/catalogue/postures.ts";
import {
  bodySpecDetails,
  bodySpecs,
  customerSizes,
  customerSpecials,
  dictSystem,
  measureEases,
  measureParts,
  standardSizes,
} from "../db/schema.ts";
import { notFound } from "../errors.ts";
import type { Locale } from "../i18n.ts";
import { requireCategory } from "./crafts.ts";
import { requireOwnCustomer } from "./customers.ts";
import { MEASURE_METHOD } from "../../domain/ids.ts";

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
  const [row] = await db
    .select({ id: dictSystem.id })
    .from(dictSystem)
    .where(and(eq(dictSystem.id, id), eq(dictSystem.category, category)));
  if (!row) throw notFound(category === SHAPES ? "catalogue.shapeNotFound" : "catalogue.sizeAreaNotFound", { id });
}

/**
 * The measurement parts of a category for a method (10052 body, 10053 finished garment), with the
 * customer's stored values. With a fit (dictionary 43), the finished-garment defaults are the body
 * default plus that fit's ease (rounded to the 0.5 step, within the part's range).
 */
export async function measurePartList(
  db: Db,
  asker: Asker,
  query: { category: number; measureType: 10052 | 10053; customerId?: number; fitId?: number },
): Promise<MeasurePart[]> {
  const { category, measureType, customerId, fitId } = query;
  const zh = asker.locale === "zh";
  if (customerId !== undefined) await requireOwnCustomer(db, asker.memberId, customerId);
  if (fitId !== undefined) await requireDictEntry(db, SHAPES, fitId);
  const parts = await db
    .select()
    .from(measureParts)
    .where(and(eq(measureParts.categoryId, category), eq(measureParts.measureType, measureType)))
    .orderBy(asc(measureParts.pos));
  if (parts.length === 0) await requireCategory(db, category);
  const stored =
    customerId === undefined || parts.length === 0
      ? []
      : await db
          .select()
          .from(customerSizes)
          .where(
            and(
              eq(customerSizes.customerId, customerId),
              inArray(
                customerSizes.partId,
                parts.map((p) => p.id),
              ),
            ),
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
async function fitDefaults(
  db: Db,
  finishedParts: ReadonlyArray<typeof measureParts.$inferSelect>,
  fitId: number | undefined,
) {
  const result = new Map<number, number>();
  const bodyIds = finishedParts.map((p) => p.refPartId).filter((id): id is number => id !== null);
  if (fitId === undefined || bodyIds.length === 0) return result;
  const body = await db
    .select({ id: measureParts.id, defaultValue: measureParts.defaultValue, ease: measureEases.ease })
    .from(measureParts)
    .innerJoin(measureEases, and(eq(measureEases.partId, measureParts.id), eq(measureEases.fitId, fitId)))
    .where(inArray(measureParts.id, bodyIds));
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
  const rows = await db
    .select({ spec: bodySpecs, detail: bodySpecDetails })
    .from(bodySpecs)
    .innerJoin(bodySpecDetails, eq(bodySpecDetails.specId, bodySpecs.id))
    .where(eq(bodySpecs.categoryId, category))
    .orderBy(asc(bodySpecs.pos), asc(bodySpecDetails.pos));
  if (rows.length === 0) await requireCategory(db, category);
  const chosen =
    customerId === undefined
      ? []
      : await db.select().from(customerSpecials).where(eq(customerSpecials.customerId, customerId));
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
  const sizes = await db
    .select()
    .from(standardSizes)
    .where(
      and(
        eq(standardSizes.categoryId, category),
        sizeAreaId === undefined ? undefined : eq(standardSizes.sizeAreaId, sizeAreaId),
        shape === undefined ? undefined : eq(standardSizes.shapeId, shape),
      ),
    )
    .orderBy(asc(standardSizes.sizeAreaId), asc(standardSizes.pos));
  if (sizes.length === 0) {
    await requireCategory(db, category);
    return [];
  }
  const parts = await db
    .select({ id: measureParts.id, enName: measureParts.enName, zhName: measureParts.zhName })
    .from(measureParts)
    .where(and(eq(measureParts.categoryId, category), eq(measureParts.measureType, MEASURE_METHOD.finished)));
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
