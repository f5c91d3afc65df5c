import type { components } from "../../../openapi/portal.d.ts";
import { canChangeAmount, canToggleAddProduct } from "../../../domain/cart.ts";
import { isOrderId, ORDER_STATUS } from "../../../domain/ids.ts";
import {
  CART_STATUSES,
  ORDER_STATUSES,
  PRODUCTION_LIST_STATUSES,
  canDelete,
  canEdit,
  lookupSource,
  statusColour,
} from "../../../domain/orderStatus.ts";
import type { Db } from "../../db/client.ts";
import type { OrderPieceDetail } from "../../db/schema/orders.ts";
import { withTransaction, type Transaction } from "../../db/transaction.ts";
import { AppError, notFound } from "../../errors.ts";
import { isMessageKey, translate, type Locale } from "../../i18n.ts";
import { shipEstimate } from "../../../domain/productionList.ts";
import { memberBalanceCents } from "../ledger/service.ts";
import { labelFilterIds, type OrderLabel } from "../labels/service.ts";
import { formatCents } from "../pricing/service.ts";
import { familyOf, hasAuthority, ORDER_EDIT, requireAuthority } from "../members/service.ts";
import { cartRepository, type DetailNameIds, type ListRow, type OrderFilter } from "./repository.ts";

/**
 * The cart, the pending and production lists (issue 11, CART-021..057): who sees which orders, the
 * changes a list makes (quantity, add-product, selection, delete) and the order-number lookup. Which
 * statuses a list shows and an action accepts is domain/orderStatus.ts; nothing here restates it.
 */

type CartOrder = components["schemas"]["CartOrder"];
type CartOrderDetail = components["schemas"]["CartOrderDetail"];

/** The list's and the export's query, as the contract delivers it. */
export interface ListParams {
  type?: 1 | 2 | 3 | 4;
  pageNum?: number;
  pageSize?: 10 | 20 | 40 | 60 | 80;
  orderNum?: string;
  customerId?: number;
  userId?: number;
  status?: number;
  start?: string;
  end?: string;
  sizeCategoryId?: number;
  clothId?: number;
  orderType?: 7 | 8 | 9 | 10;
  deliveryDateStart?: string;
  deliveryDateEnd?: string;
  finalDeliveryDateStart?: string;
  finalDeliveryDateEnd?: string;
  keyWord?: string;
  isShip?: 0 | 1;
  /** PROD-022 (issue 12): a comma list of the caller's label ids. */
  labelIds?: string;
}

/** Who asks: the account, its main account (null for a main account), currency and language. */
export interface Caller {
  memberId: number;
  parentId: number | null;
  moneyType: string;
  locale: Locale;
  /**
   * QO-164: the account holds ORDER_EDIT, as the token look-up read it (issue 21: a list asks nothing
   * more); undefined: asked of the members service.
   */
  mayEdit?: boolean;
}

/** What a list tells the page as `isEdit` needs: the caller's permission, read with its token when it was. */
const mayEditOf = (db: Db, caller: Caller) => caller.mayEdit ?? hasAuthority(db, caller.memberId, ORDER_EDIT);

/** At most this many ids in one list of order ids (select-all sends one page: at most 80). */
export const MAX_IDS = 200;
/** At most this many rows in one export. */
export const EXPORT_LIMIT = 5000;
/** CART-050: the lookup answers at most this many orders. */
const CODE_LIST_LIMIT = 10;
/** Dictionary categories the lists name: order type 7, status 9, gender 10, units 29 and 30, method 13, fit 43. */
const DICT = { orderType: 7, status: 9, gender: 10, method: 13, weightUnit: 29, heightUnit: 30, fit: 43 } as const;

type ListType = 1 | 2 | 3 | 4;

/**
 * The statuses each list shows (CART-043, CART-056): 3 is my order's second list, every status (CART-010);
 * the pending list (4) defaults to pending review (CART-024).
 */
const LIST_STATUSES: Record<ListType, readonly number[]> = {
  1: CART_STATUSES,
  2: PRODUCTION_LIST_STATUSES,
  3: ORDER_STATUSES,
  4: ORDER_STATUSES,
};
const DEFAULT_LIST_STATUS: Partial<Record<ListType, number>> = { 4: ORDER_STATUS.pending };
/**
 * The statuses a list shows when its filter names one (issue 20): the ORDER LIST (2) any status of
 * dictionary 9, since its header menu offers every one (SHELL-072..074) and opens the list with it
 * (SHELL-073), saved and pending review included (PROD-035 cancels 10371 orders on this list).
 */
const NAMED_LIST_STATUSES: Record<ListType, readonly number[]> = { ...LIST_STATUSES, 2: ORDER_STATUSES };

/** A bad request naming the field (HTTP 400, nothing changed). */
const badRequest = (key: Parameters<typeof translate>[1], params: Record<string, string | number>) =>
  new AppError(400, key, params, 400);

/** A comma list of order ids ("1,2,3," or "12,"): each once, at most MAX_IDS. */
export function parseIdList(field: string, text: string | undefined): number[] {
  const parts = (text ?? "").split(",").filter((part) => part !== "");
  if (parts.length > MAX_IDS) throw badRequest("cart.tooManyIds", { field, max: MAX_IDS });
  const ids = parts.map(Number);
  const seen = new Set<number>();
  for (const id of ids) {
    // A duplicate id is a malformed request, not a double action.
    if (seen.has(id)) throw badRequest("cart.idTwice", { field, id });
    seen.add(id);
  }
  return ids;
}

/** A day YYYY-MM-DD that exists in the calendar (the contract checked its shape). */
function checkDay(field: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const time = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value)
    throw badRequest("cart.badDate", { field, value });
  return value;
}

/** A date range whose start is not after its end. */
function checkRange(from: [string, string | undefined], to: [string, string | undefined]) {
  const start = checkDay(...from);
  const end = checkDay(...to);
  if (start !== undefined && end !== undefined && start > end)
    throw badRequest("cart.dateOrder", { field: from[0], other: to[0] });
  return { start, end };
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Whose orders a list shows: the caller's own, or (userId) the caller or one of its sub-accounts; the
 * page's statement checks that `userId` is a sub-account of the caller (`subAccountOf`), and an empty
 * page asks whether it is one (`checkListedMember`).
 */
function listedMembers(caller: Caller, userId: number | undefined): Pick<OrderFilter, "memberIds" | "subAccountOf"> {
  if (userId === undefined || userId === caller.memberId) return { memberIds: [caller.memberId] };
  // A sub-account has no sub-accounts.
  if (caller.parentId !== null) throw notFound("cart.memberNotFound", { id: userId });
  return { memberIds: [userId], subAccountOf: caller.memberId };
}

/** A `userId` that is not one of the caller's sub-accounts is "not found" (asked only when its page is empty). */
async function checkListedMember(db: Db, caller: Caller, filter: OrderFilter) {
  if (filter.subAccountOf === undefined) return;
  const userId = filter.memberIds[0]!;
  if (!(await familyOf(db, caller.memberId)).subIds.has(userId)) throw notFound("cart.memberNotFound", { id: userId });
}

/** The list's filter from its query (dates checked, the list's statuses applied); nothing is read. */
function filterOf(caller: Caller, q: ListParams, type: ListType): OrderFilter {
  const created = checkRange(["start", q.start], ["end", q.end]);
  const plan = checkRange(["deliveryDateStart", q.deliveryDateStart], ["deliveryDateEnd", q.deliveryDateEnd]);
  const delivered = checkRange(
    ["finalDeliveryDateStart", q.finalDeliveryDateStart],
    ["finalDeliveryDateEnd", q.finalDeliveryDateEnd],
  );
  const wanted = q.status ?? DEFAULT_LIST_STATUS[type];
  // A status outside the list's statuses finds nothing.
  const statuses = wanted === undefined ? LIST_STATUSES[type] : NAMED_LIST_STATUSES[type].filter((s) => s === wanted);
  const keyWord = q.keyWord?.trim();
  const orderNum = q.orderNum?.trim();
  const labelIds = labelFilterIds(q.labelIds);
  return {
    ...listedMembers(caller, q.userId),
    statuses,
    orderNum: orderNum ? orderNum : undefined,
    customerId: q.customerId,
    sizeCategoryId: q.sizeCategoryId,
    clothId: q.clothId,
    orderType: q.orderType,
    createdFrom: created.start,
    createdBefore: created.end === undefined ? undefined : nextDay(created.end),
    planFrom: plan.start,
    planTo: plan.end,
    deliveryFrom: delivered.start,
    deliveryTo: delivered.end,
    keyWord: keyWord ? keyWord : undefined,
    shipped: q.isShip === undefined ? undefined : { status: ORDER_STATUS.shipped, only: q.isShip === 1 },
    labelIds,
    labelOwner: labelIds === undefined ? undefined : caller.memberId,
  };
}

type Names = Map<number, { enName: string; zhName: string }>;

/** The dictionary is seeded before the server starts and never changed through the API: read once per database. */
const dictionaryCache = new WeakMap<Db, Promise<Names>>();

function dictionaryNames(db: Db): Promise<Names> {
  let names = dictionaryCache.get(db);
  if (!names) {
    names = cartRepository(db)
      .dictNames(Object.values(DICT))
      .then((rows) => new Map(rows.map((row) => [row.id, row])));
    // A failed read is not kept: the next request reads again.
    names.catch(() => dictionaryCache.delete(db));
    dictionaryCache.set(db, names);
  }
  return names;
}

const nameIn = (locale: Locale, entry: { enName: string; zhName: string } | undefined, fallback = "") =>
  entry ? (locale === "zh" ? entry.zhName : entry.enName) : fallback;

/** A stored blError is a message key (translated) or a factory's text (as it is). */
const blErrorText = (locale: Locale, stored: string) => (isMessageKey(stored) ? translate(locale, stored) : stored);

/**
 * CART-021: one list item as the caller sees it. CART-017: `isEdit` is 1 only for the caller's own
 * order in an editable status, and only when the account may change orders (ORDER_EDIT), so the page
 * says "No permission to modify" before the server would refuse.
 */
function toCartOrder(
  row: ListRow & { labels?: readonly OrderLabel[] },
  caller: Caller,
  names: Names,
  mayEdit: boolean,
): CartOrder {
  const labels = row.labels ?? [];
  const { locale } = caller;
  const editable = mayEdit && row.memberId === caller.memberId && canEdit(row.statusId);
  return {
    orderId: String(row.id),
    orderCode: row.orderCode,
    cusOrderCode: row.cusOrderCode,
    orderType: row.orderType,
    orderName: row.categoryEn,
    orderZhName: row.categoryZh,
    clothCategory: row.categoryId,
    clothZhName: locale === "zh" ? row.categoryZh : row.categoryEn,
    clothUrl: row.imagePath,
    fabric: row.fabricCode,
    pubDate: row.createdAt.toISOString(),
    planDeliveryDate: row.planDeliveryDate,
    deliveryDate: row.deliveryDate,
    waybillNo: row.waybillNo,
    sizeCategoryId: row.sizeCategoryId,
    sizeCategoryName: nameIn(locale, names.get(row.sizeCategoryId)),
    custName: row.custName,
    amount: row.amount,
    unitPrice: formatCents(row.unitPriceCents),
    price: formatCents(row.priceCents),
    moneyType: row.moneyType,
    status: row.statusId as CartOrder["status"],
    statusName: nameIn(locale, names.get(row.statusId), String(row.statusId)),
    color: statusColour(row.statusId),
    labels: [...labels],
    check: row.checked === 1 ? 1 : 0,
    addProduct: row.addProduct === 1 ? 1 : 0,
    isEdit: editable ? 1 : 0,
    isAddProduct: editable && canToggleAddProduct(row.amount) ? 1 : 0,
    goodId: row.goodId === null ? null : Number(row.goodId),
    blError: blErrorText(locale, row.blError),
    remark: row.remark,
    flPrice: formatCents(0),
    flInfo: [],
    memberId: row.memberId,
    username: row.username,
    preCommittedAt: row.preCommittedAt?.toISOString() ?? null,
  };
}

/** How the production list estimates ship dates: the simulator's interval (0: off) and the time of the answer. */
export interface ProductionPace {
  stepSeconds: number;
  now: Date;
}

/**
 * CART-043: one page of a list (type 1 cart, 2 production, 3 all of my orders, 4 pending) and how many
 * match. The production list (2) adds each order's estimated ship date at the simulator's `pace` (issue 12).
 */
export async function orderCartList(db: Db, caller: Caller, q: ListParams, pace?: ProductionPace) {
  const type = q.type ?? 1;
  const filter = filterOf(caller, q, type);
  // CART-054, CART-055: my order's lists (pending 4, all 3) page by 10, the others by 20, unless asked.
  const pageSize = q.pageSize ?? (type === 4 || type === 3 ? 10 : 20);
  const pageNum = q.pageNum ?? 1;
  const [{ rows, total }, names, mayEdit] = await Promise.all([
    cartRepository(db).page(filter, pageSize, (pageNum - 1) * pageSize),
    dictionaryNames(db),
    mayEditOf(db, caller),
  ]);
  if (rows.length === 0) await checkListedMember(db, caller, filter);
  const data = rows.map((row) => {
    const order = toCartOrder(row, caller, names, mayEdit);
    if (type !== 2 || !pace) return order;
    const estimate = shipEstimate(row, pace.now, pace.stepSeconds);
    return { ...order, estimatedShipDate: estimate.estimatedShipDate, shipDateSlips: estimate.slips };
  });
  return { data, total };
}

/** The orders of an export: the list's filter without paging, at most EXPORT_LIMIT, newest first. */
export async function exportRows(db: Db, caller: Caller, q: ListParams) {
  const filter = filterOf(caller, q, q.type ?? 4);
  const [{ rows }, names, mayEdit] = await Promise.all([
    cartRepository(db).page(filter, EXPORT_LIMIT, 0),
    dictionaryNames(db),
    mayEditOf(db, caller),
  ]);
  if (rows.length === 0) await checkListedMember(db, caller, filter);
  return rows.map((row) => ({
    ...toCartOrder(row, caller, names, mayEdit),
    orderTypeName: nameIn(caller.locale, names.get(row.orderType), String(row.orderType)),
  }));
}

type DetailRow = NonNullable<Awaited<ReturnType<ReturnType<typeof cartRepository>["detail"]>>>;

/** What an order's details read in two statements (issue 21): the order, then the names it refers to. */
export type OrderDetailRead = Awaited<ReturnType<typeof readOrderDetail>>;

/**
 * An order the caller may look at (its own, or a sub-account's for a main account), else "not found",
 * with everything its details show: statement one reads the order (its labels, customer, timeline,
 * remake links), statement two every name its pieces and draft refer to (`extraIds` adds the ids the
 * order details page names beyond the cart's detail). Never a statement per piece, craft or monogram.
 */
export async function readOrderDetail(
  db: Db,
  caller: Caller,
  orderId: number,
  extraIds: (row: DetailRow) => Partial<DetailNameIds> = () => ({}),
) {
  const repo = cartRepository(db);
  const row = isOrderId(orderId) ? await repo.detail(orderId, caller.memberId, caller.parentId === null) : undefined;
  if (!row) throw notFound("order.notFound", { id: orderId });
  const details = row.details ?? [];
  const ids = <T>(pick: (piece: OrderPieceDetail) => T[]) => [...new Set(details.flatMap(pick))];
  const extra = extraIds(row);
  const [lookups, names, mayEdit] = await Promise.all([
    repo.detailNames({
      crafts: ids((p) => p.crafts.map((c) => c.craftId)),
      embOptions: ids((p) => p.embs.flatMap((e) => [e.site, e.color, e.font, e.embSize ?? 0])),
      measureParts: ids((p) => p.sizes.map((s) => s.partId)),
      categories: ids((p) => [p.clothCategory]),
      attachments: extra.attachments ?? [],
      stylePieces: extra.stylePieces ?? [],
      styleCrafts: extra.styleCrafts ?? [],
      postures: extra.postures ?? [],
      dict: extra.dict ?? [],
    }),
    dictionaryNames(db),
    mayEditOf(db, caller),
  ]);
  return { row, details, lookups, names, mayEdit };
}

/** CART-044: an order's detail (spec 002 §3): the list item, the customer and the pieces. */
export async function cartOrderDetail(db: Db, caller: Caller, orderId: number): Promise<CartOrderDetail> {
  return cartDetailOf(await readOrderDetail(db, caller, orderId), caller);
}

/** CART-044: the cart's detail of an order read by `readOrderDetail`. */
export function cartDetailOf(read: OrderDetailRead, caller: Caller): CartOrderDetail {
  const { row, details, lookups, names, mayEdit } = read;
  const { locale } = caller;
  const customer = row.customer ?? undefined;
  const craftOf = new Map(lookups.crafts.map((c) => [c.id, c]));
  const embOf: Names = new Map(lookups.embOptions.map((e) => [e.id, e]));
  const partOf: Names = new Map(lookups.measureParts.map((p) => [p.id, p]));
  const categoryOf: Names = new Map(lookups.categories.map((c) => [c.id, c]));
  return {
    ...toCartOrder(row, caller, names, mayEdit),
    sizeAreaName: "",
    customer: {
      custName: row.custName,
      cusOrderCode: row.cusOrderCode,
      height: customer ? Number(customer.height) : null,
      weight: customer ? Number(customer.weight) : null,
      genderName: customer ? nameIn(locale, names.get(customer.genderId)) : "",
      phone: customer?.phone ?? "",
      email: customer?.email ?? "",
      birthdate: customer?.birthdate ?? null,
    },
    orderDetails: details.map((piece) => ({
      clothCategory: piece.clothCategory,
      clothName: nameIn(locale, categoryOf.get(piece.clothCategory), String(piece.clothCategory)),
      styleName: "",
      shape: nameIn(locale, names.get(piece.fitId)),
      customerSize: piece.sizes.map((size) => ({
        partId: size.partId,
        partName: nameIn(locale, partOf.get(size.partId), String(size.partId)),
        partValue: size.partValue,
      })),
      orderCraftList: piece.crafts.map((craft) => {
        const known = craftOf.get(craft.craftId);
        return {
          craftName: known ? (locale === "zh" ? known.zhName : known.enName) : String(craft.craftId),
          parentName: known ? ((locale === "zh" ? known.parentZh : known.parentEn) ?? "") : "",
          content: craft.content,
          price: formatCents(craft.priceCents),
        };
      }),
      orderEmbList: piece.embs.map((emb) => ({
        site: nameIn(locale, embOf.get(emb.site), String(emb.site)),
        color: nameIn(locale, embOf.get(emb.color), String(emb.color)),
        embSize: emb.embSize === null ? "" : nameIn(locale, embOf.get(emb.embSize), String(emb.embSize)),
        font: nameIn(locale, embOf.get(emb.font), String(emb.font)),
        embContent: emb.content,
        embPrice: formatCents(emb.priceCents),
      })),
    })),
  };
}

/** Each id must be one of the caller's own orders: another account's (or a missing) one is "not found". */
async function ownOrders(db: Db, caller: Caller, ids: readonly number[], tx?: Transaction) {
  for (const id of ids) if (!isOrderId(id)) throw notFound("order.notFound", { id });
  const rows = ids.length === 0 ? [] : await cartRepository(db).orders(ids, tx);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const subIds = rows.some((row) => row.memberId !== caller.memberId)
    ? (await familyOf(db, caller.memberId, tx)).subIds
    : new Set<number>();
  for (const id of ids) {
    const row = byId.get(id);
    if (!row || (row.memberId !== caller.memberId && !subIds.has(row.memberId)))
      throw notFound("order.notFound", { id });
    // CART-017: a sub-account's order is shown to its main account read-only.
    if (row.memberId !== caller.memberId) throw new AppError(1002, "cart.readOnly", { code: row.orderCode });
  }
  return ids.map((id) => byId.get(id)!);
}

/** CART-045, CART-022: the caller's ledger balance and the price of the listed orders. */
export async function orderSumPrice(db: Db, caller: Caller, orderIdList: string | undefined) {
  const rows = await ownOrders(db, caller, parseIdList("orderId", orderIdList));
  const orderCents = rows.reduce((sum, row) => sum + row.priceCents, 0);
  return {
    memberBalance: formatCents(await memberBalanceCents(db, caller.memberId)),
    orderPrice: formatCents(orderCents),
    moneyType: caller.moneyType,
  };
}

/**
 * One own order that may still change, locked in the transaction `work` runs in; a refusal changes
 * nothing. Changing an order needs the ORDER_EDIT authority (QO-164), asked first.
 */
async function changeOwnOrder<T>(
  db: Db,
  caller: Caller,
  orderId: number,
  allowed: (status: number) => boolean,
  work: (row: Awaited<ReturnType<typeof ownOrders>>[number], tx: Transaction) => Promise<T>,
): Promise<T> {
  await requireAuthority(db, caller.memberId, ORDER_EDIT);
  return withTransaction(db, async (tx) => {
    const [row] = await ownOrders(db, caller, [orderId], tx);
    if (!allowed(row!.statusId)) throw new AppError(1002, "order.notEditable", { code: row!.orderCode });
    return work(row!, tx);
  });
}

/** CART-047, CART-035 (the contract keeps amount in 1..99): the new price is the stored unit price × amount. */
export async function updateAmount(db: Db, caller: Caller, orderId: number, amount: number) {
  return changeOwnOrder(db, caller, orderId, canEdit, async (row, tx) => {
    // CART-040: an order with add-product set keeps quantity 1.
    if (!canChangeAmount(row, amount)) throw new AppError(1002, "cart.doChangeNum");
    const priceCents = row.unitPriceCents * amount;
    await cartRepository(db).setAmount(row.id, amount, priceCents, tx);
    return {
      price: formatCents(priceCents),
      unitPrice: formatCents(row.unitPriceCents),
      amount,
      moneyType: row.moneyType,
    };
  });
}

/** CART-048, CART-040: the add-product flag changes only while the quantity is 1. */
export async function updateAddProduct(db: Db, caller: Caller, orderId: number, addProduct: 0 | 1) {
  return changeOwnOrder(db, caller, orderId, canEdit, async (row, tx) => {
    if (!canToggleAddProduct(row.amount)) throw new AppError(1002, "cart.doChangeNum");
    await cartRepository(db).setAddProduct(row.id, addProduct, tx);
    return { orderId: String(row.id), addProduct };
  });
}

/** CART-034: the stored selection flag of the caller's own changeable orders, all or none. */
export async function updateCheck(db: Db, caller: Caller, orderIdList: string, check: 0 | 1) {
  const ids = parseIdList("orderIds", orderIdList);
  return withTransaction(db, async (tx) => {
    const rows = await ownOrders(db, caller, ids, tx);
    for (const row of rows)
      if (!canEdit(row.statusId)) throw new AppError(1002, "order.notEditable", { code: row.orderCode });
    await cartRepository(db).setChecked(ids, check, tx);
    return { updated: rows.length, check };
  });
}

/** CART-049: deletes a saved or pending own order (nothing was paid for it). */
export async function deleteOrder(db: Db, caller: Caller, orderId: number) {
  return changeOwnOrder(db, caller, orderId, canDelete, async (row, tx) => {
    await cartRepository(db).remove(row.id, tx);
    return { orderId: String(row.id) };
  });
}

/** CART-050, CART-009: the lookup; each order's source says which list opens it (domain `lookupSource`). */
export async function orderCodeList(db: Db, caller: Caller, keyWord: string) {
  const word = keyWord.trim();
  if (word === "") return [];
  const rows = await cartRepository(db).codes([caller.memberId], word, CODE_LIST_LIMIT);
  return rows.map((row) => ({
    orderCode: row.orderCode,
    customOrderNo: row.cusOrderCode,
    source: lookupSource(row.statusId),
  }));
}

/** CART-051, CART-023, CART-057: the recommended products of an order way, in the caller's language. */
export async function recommendClothList(db: Db, orderWay: 7 | 8, locale: Locale) {
  const rows = await cartRepository(db).recommended(orderWay);
  return rows.map((row) => ({
    id: row.id,
    type: row.orderType,
    name: locale === "zh" ? (row.zhName ?? row.categoryZh) : (row.name ?? row.categoryEn),
    picture: row.imagePath,
    categoryId: row.categoryId,
  }));
}
