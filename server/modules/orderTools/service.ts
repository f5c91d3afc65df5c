import {
  APPEARANCE,
  canEditOrderCustomer,
  CONSUMPTION_DICT,
  consumptionRefusal,
  CUT_TWICE,
  fabricConsumption,
  measureInCm,
  metresOf,
  orderCustomerRefusal,
  type ConsumptionForm,
  type ConsumptionPiece,
  type FormRefusal,
} from "../../../domain/orderTools.ts";
import { HEIGHT_UNIT, isOrderId, WEIGHT_UNIT } from "../../../domain/ids.ts";
import type { components } from "../../../openapi/portal.d.ts";
import type { Db } from "../../db/client.ts";
import { withTransaction } from "../../db/transaction.ts";
import { AppError, notFound } from "../../errors.ts";
import { isMessageKey, translate, type Locale, type MessageKey } from "../../i18n.ts";
import { hasAuthority, readableMemberIds, requireAuthority, ORDER_EDIT } from "../members/service.ts";
import { orderToolsRepository, type ToolsOrderRow } from "./repository.ts";
import { queriesHeld } from "./testHooks.ts";

type ConsumptionResult = components["schemas"]["ConsumptionResult"];
type OrderCustomer = components["schemas"]["OrderCustomer"];
type OrderCustomerInput = components["schemas"]["OrderCustomerInput"];

/** Who asks, in which language. */
export interface ToolsCaller {
  memberId: number;
  locale: Locale;
}

/** A form refusal as the HTTP 400 answer naming the field in the caller's language (nothing stored). */
function refused(locale: Locale, refusal: FormRefusal<string>): AppError {
  const field = translate(locale, `orderTools.field.${refusal.field}` as MessageKey);
  if (refusal.key === "required") return new AppError(400, "validation.required", { field }, 400);
  if (refusal.key === "number") return new AppError(400, "orderTools.number", { field }, 400);
  if (refusal.unit)
    return new AppError(
      400,
      "orderTools.rangeUnit",
      { field, min: refusal.min, max: refusal.max, unit: refusal.unit },
      400,
    );
  return new AppError(400, "orderTools.range", { field, min: refusal.min, max: refusal.max }, 400);
}

const nameIn = (locale: Locale, entry: { enName: string; zhName: string } | undefined, fallback = "") =>
  entry ? (locale === "zh" ? entry.zhName : entry.enName) : fallback;

/** The order's pieces: the checked draft's pieces, or (an order saved without them) its garment category alone. */
function piecesOf(order: ToolsOrderRow) {
  if (order.details.length > 0)
    return order.details.map((piece) => ({
      categoryId: piece.clothCategory,
      sizes: piece.sizes.map((size) => measureInCm(size.partValue, order.draft?.heightUnit ?? HEIGHT_UNIT.cm)),
    }));
  return [{ categoryId: order.categoryId, sizes: [] as number[] }];
}

/**
 * The formula's input of an order: each piece's catalogue usage (the order type's, else the category's
 * first) and its measurements (the order's own; none: the customer book's stored ones of its category).
 */
async function consumptionPieces(db: Db, order: ToolsOrderRow): Promise<ConsumptionPiece[] | "noFabricUsage"> {
  const repo = orderToolsRepository(db);
  const pieces = piecesOf(order);
  const ids = [...new Set(pieces.map((p) => p.categoryId))];
  const usage = await repo.fabricUsage(ids);
  const customer = order.customerId === null ? undefined : await repo.customer(order.customerId);
  const stored = customer ? await repo.customerSizes(customer.id, ids) : [];
  const result: ConsumptionPiece[] = [];
  for (const piece of pieces) {
    const rows = usage.filter((u) => u.categoryId === piece.categoryId);
    const base = (rows.find((u) => u.orderType === order.orderType) ?? rows[0])?.fabricCentimeters;
    if (base === undefined) return "noFabricUsage";
    const sizes =
      piece.sizes.length > 0
        ? piece.sizes
        : stored
            .filter((s) => s.categoryId === piece.categoryId)
            .map((s) => measureInCm(s.partSize, customer?.heightUnit ?? HEIGHT_UNIT.cm));
    result.push({ baseCm: base, measurementsCm: sizes.filter((v) => Number.isFinite(v) && v > 0) });
  }
  return result;
}

type QueryRow = Awaited<ReturnType<ReturnType<typeof orderToolsRepository>["insertQuery"]>>;

/** PROD-024: a stored query as the caller reads it (names and the error in the caller's language). */
async function resultOf(db: Db, locale: Locale, orderCode: string, row: QueryRow): Promise<ConsumptionResult> {
  const params = row.params;
  const stripeId = Number(params.strStripeId);
  const clippingId = Number(params.strTwoClippingId);
  const names = await orderToolsRepository(db).dictEntries([stripeId, clippingId]);
  const entry = (id: number) => names.find((n) => n.id === id);
  return {
    status: row.status as 0 | 1 | 2,
    stripe: nameIn(locale, entry(stripeId), String(params.strStripe ?? "")),
    cost: row.status === 2 ? String(row.result?.cost ?? "") : "",
    clipping: nameIn(locale, entry(clippingId), String(params.strTwoClipping ?? "")),
    // PROD-066: the failure's reason, translated when it is one of ours.
    error: isMessageKey(row.error) ? translate(locale, row.error) : row.error,
    createDate: row.createdAt.toISOString(),
    orderCode,
    width: String(params.strWidth ?? ""),
    stripeWidth: String(params.strStripeWidth ?? ""),
    gridWidth: String(params.strGridWidth ?? ""),
    stripeId,
    clippingId,
  };
}

/** The order by code the caller may see; another account's (or a missing) one is "not found". */
async function visibleOrder(db: Db, caller: ToolsCaller, orderCode: string) {
  const readable = await readableMemberIds(db, caller.memberId);
  const order = await orderToolsRepository(db).visibleByCode(readable, orderCode.trim());
  if (!order) throw notFound("orderTools.orderNotFound", { code: orderCode.trim() });
  return order;
}

/**
 * PROD-058, PROD-042: checks the form (PROD-044, PROD-045, the dictionaries PROD-072/073) and stores the
 * query in progress (status 1) first; then computes the consumption (domain/orderTools.ts
 * `fabricConsumption`) and stores its outcome: status 2 with the result, or 0 with the reason it could not
 * be computed. A refused form stores nothing. A query held by the test hook stays in progress until it is
 * read with the hold released (`orderCostDetail` settles it then).
 */
export async function pushOrderCost(db: Db, caller: ToolsCaller, form: ConsumptionForm): Promise<ConsumptionResult> {
  const refusal = consumptionRefusal(form);
  if (refusal) throw refused(caller.locale, refusal);
  const repo = orderToolsRepository(db);
  const stripeId = Number(form.strStripeId);
  const clippingId = Number(form.strTwoClippingId);
  const [appearances, cutTwice] = await Promise.all([
    repo.dictionary(CONSUMPTION_DICT.appearance),
    repo.dictionary(CONSUMPTION_DICT.cutTwice),
  ]);
  // PROD-073 (D-05): the appearance is an entry of dictionary 14.
  if (!appearances.some((a) => a.id === stripeId))
    throw new AppError(400, "orderTools.appearanceNotFound", { id: form.strStripeId.trim() }, 400);
  // PROD-072: cut twice is an entry of dictionary 12, with its value (PROD-046: 10051 is "0").
  if (!cutTwice.some((c) => c.id === clippingId))
    throw new AppError(400, "orderTools.cutTwiceNotFound", { id: form.strTwoClippingId.trim() }, 400);
  const clipping = Object.values(CUT_TWICE).find((c) => c.id === clippingId);
  if (!clipping || clipping.value !== form.strTwoClipping.trim())
    throw new AppError(400, "orderTools.cutTwiceMismatch", { id: clippingId, value: form.strTwoClipping.trim() }, 400);
  const order = await visibleOrder(db, caller, form.orderCode);

  const params = {
    strStripeId: stripeId,
    strStripe: form.strStripe.trim(),
    strWidth: form.strWidth.trim(),
    strStripeWidth: form.strStripeWidth.trim(),
    strGridWidth: form.strGridWidth.trim(),
    strTwoClippingId: clippingId,
    strTwoClipping: clipping.value,
  };
  // PROD-042: the query exists in progress before its outcome does.
  const pending = await repo.insertQuery({ orderId: order.id, memberId: caller.memberId, status: 1, params });
  const row = queriesHeld(db, caller.memberId) ? pending : await settle(db, order, pending);
  return resultOf(db, caller.locale, order.orderCode, row);
}

/** PROD-042: computes a query in progress from its stored parameters and stores status 2 or 0 (once). */
async function settle(db: Db, order: ToolsOrderRow, row: QueryRow): Promise<QueryRow> {
  const repo = orderToolsRepository(db);
  const params = row.params;
  const stripeId = Number(params.strStripeId);
  const pieces = await consumptionPieces(db, order);
  const outcome =
    pieces === "noFabricUsage"
      ? ({ ok: false, reason: "noFabricUsage" } as const)
      : fabricConsumption({
          pieces,
          clothWidthCm: Number(params.strWidth),
          appearanceId: stripeId === APPEARANCE.stripe || stripeId === APPEARANCE.grid ? stripeId : APPEARANCE.plain,
          stripWidthCm: Number(params.strStripeWidth),
          gridSizeCm: Number(params.strGridWidth),
          cutTwice: Number(params.strTwoClippingId) === CUT_TWICE.yes.id,
        });
  const settled = await repo.settleQuery(
    row.id,
    outcome.ok
      ? { status: 2, result: { cm: outcome.cm, cost: metresOf(outcome.cm) } }
      : {
          status: 0,
          error: outcome.reason === "noFabricUsage" ? "orderTools.noFabricUsage" : "orderTools.noMeasurements",
        },
  );
  // Another request settled it first: its outcome stands.
  return settled ?? (await repo.query(row.id)) ?? row;
}

/**
 * PROD-059: the latest query of an order the caller may see (null when none was run). PROD-042: a query
 * still in progress is computed now unless the test hook holds its member's queries.
 */
export async function orderCostDetail(db: Db, caller: ToolsCaller, orderCode: string) {
  const order = await visibleOrder(db, caller, orderCode);
  const latest = await orderToolsRepository(db).latestQuery(order.id);
  if (!latest) return null;
  const row = latest.status === 1 && !queriesHeld(db, latest.memberId) ? await settle(db, order, latest) : latest;
  return resultOf(db, caller.locale, order.orderCode, row);
}

/**
 * The order's customer record (PROD-025): its own copy when edited, else the customer book's record,
 * else the customer as the order's draft entered it.
 */
async function customerRecordOf(db: Db, order: ToolsOrderRow) {
  if (order.orderCustomer) return { record: order.orderCustomer, edited: 1 as const };
  const book = order.customerId === null ? undefined : await orderToolsRepository(db).customer(order.customerId);
  const draft = order.draft;
  if (!book && draft)
    return {
      edited: 0 as const,
      record: {
        custName: draft.customerName || order.custName,
        shortName: draft.shortName,
        genderId: draft.genderId,
        height: draft.height,
        heightUnit: draft.heightUnit ?? HEIGHT_UNIT.cm,
        weight: draft.weight,
        weightUnit: draft.weightUnit ?? WEIGHT_UNIT.kg,
        phone: draft.phone,
        email: draft.email,
        address: draft.address,
        birthdate: draft.birthdate || null,
      } as Record<string, string | number | null>,
    };
  return {
    edited: 0 as const,
    record: {
      custName: book?.custName ?? order.custName,
      shortName: book?.shortName ?? "",
      genderId: book?.genderId ?? null,
      height: book ? Number(book.height) : null,
      heightUnit: book?.heightUnit ?? HEIGHT_UNIT.cm,
      weight: book ? Number(book.weight) : null,
      weightUnit: book?.weightUnit ?? WEIGHT_UNIT.kg,
      phone: book?.phone ?? "",
      email: book?.email ?? "",
      address: book?.address ?? "",
      birthdate: book?.birthdate ?? null,
    } as Record<string, string | number | null>,
  };
}

async function orderCustomerOf(db: Db, caller: ToolsCaller, order: ToolsOrderRow): Promise<OrderCustomer> {
  const { record, edited } = await customerRecordOf(db, order);
  const str = (key: string) => (typeof record[key] === "string" ? (record[key] as string) : "");
  const num = (key: string) => (typeof record[key] === "number" ? (record[key] as number) : null);
  const genderId = num("genderId");
  const heightUnit = num("heightUnit") === HEIGHT_UNIT.inch ? HEIGHT_UNIT.inch : HEIGHT_UNIT.cm;
  const weightUnit = num("weightUnit") === WEIGHT_UNIT.lb ? WEIGHT_UNIT.lb : WEIGHT_UNIT.kg;
  const names = await orderToolsRepository(db).dictEntries([heightUnit, weightUnit, ...(genderId ? [genderId] : [])]);
  const nameOf = (id: number | null) =>
    nameIn(
      caller.locale,
      names.find((n) => n.id === id),
    );
  return {
    orderId: order.id,
    orderCode: order.orderCode,
    custName: str("custName"),
    shortName: str("shortName"),
    genderId,
    genderName: nameOf(genderId),
    height: num("height"),
    heightUnit,
    heightUnitName: nameOf(heightUnit),
    weight: num("weight"),
    weightUnit,
    weightUnitName: nameOf(weightUnit),
    phone: str("phone"),
    email: str("email"),
    address: str("address"),
    birthdate: typeof record.birthdate === "string" ? record.birthdate : null,
    // PROD-052: the caller's own order, an account that may modify orders, and a status before cutting
    isEdit:
      order.memberId === caller.memberId &&
      canEditOrderCustomer(order.statusId) &&
      (await hasAuthority(db, caller.memberId, ORDER_EDIT))
        ? 1
        : 0,
    edited,
  };
}

/** PROD-060: the customer of an order the caller may see. */
export async function orderCustomer(db: Db, caller: ToolsCaller, orderId: number) {
  const order = isOrderId(orderId)
    ? await orderToolsRepository(db).visibleById(await readableMemberIds(db, caller.memberId), orderId)
    : undefined;
  if (!order) throw notFound("order.notFound", { id: orderId });
  return orderCustomerOf(db, caller, order);
}

/**
 * PROD-061: saves the order's own copy of its customer (PROD-047..050 checked first); the customer
 * book is not changed. Only the order's own account, with the edit permission, in an editable status.
 */
export async function updateOrderCustomer(db: Db, caller: ToolsCaller, input: OrderCustomerInput) {
  const refusal = orderCustomerRefusal(input);
  if (refusal) throw refused(caller.locale, refusal);
  const repo = orderToolsRepository(db);
  const saved = await withTransaction(db, async (tx) => {
    const order = await repo.visibleById(await readableMemberIds(db, caller.memberId, tx), input.id, tx);
    if (!order) throw notFound("order.notFound", { id: input.id });
    // CART-017: a sub-account's order is shown to its main account read-only.
    if (order.memberId !== caller.memberId) throw new AppError(1002, "cart.readOnly", { code: order.orderCode });
    await requireAuthority(tx, caller.memberId, ORDER_EDIT);
    // Designed: the customer can change until the factory starts cutting (10368, 10371, 10030).
    if (!canEditOrderCustomer(order.statusId)) throw new AppError(1002, "order.notEditable", { code: order.orderCode });
    const { record: before } = await customerRecordOf(tx, order);
    // The book's limits in the units the record keeps (or the edit sends)
    const unitOf = (given: number | undefined, kept: unknown) => given ?? (typeof kept === "number" ? kept : null);
    const limits = orderCustomerRefusal(input, {
      heightUnit: unitOf(input.heightUnit, before.heightUnit),
      weightUnit: unitOf(input.weightUnit, before.weightUnit),
    });
    if (limits) throw refused(caller.locale, limits);
    const record: Record<string, string | number | null> = {
      ...before,
      custName: input.custName.trim(),
      shortName: input.shortName.trim(),
      height: Number(input.height),
      weight: Number(input.weight),
      ...(input.genderId !== undefined ? { genderId: input.genderId } : {}),
      ...(input.heightUnit !== undefined ? { heightUnit: input.heightUnit } : {}),
      ...(input.weightUnit !== undefined ? { weightUnit: input.weightUnit } : {}),
      ...(input.phone !== undefined ? { phone: input.phone.trim() } : {}),
      ...(input.email !== undefined ? { email: input.email.trim() } : {}),
      ...(input.address !== undefined ? { address: input.address.trim() } : {}),
      ...(input.birthdate !== undefined ? { birthdate: input.birthdate } : {}),
    };
    await repo.setOrderCustomer(order.id, record, record.custName as string, tx);
    return { ...order, orderCustomer: record, custName: record.custName as string };
  });
  return orderCustomerOf(db, caller, saved);
}
