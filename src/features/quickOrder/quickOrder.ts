import { fromPromise } from "xstate";
import {
  quickOrderMachine,
  type StyleOption,
  type DraftInput,
  type LoadMeasurementsInput,
  type LoadPiecePartsInput,
  type LoadSetupInput,
  type LoadStandardSizesInput,
  type OrderSaved,
  type OrderSubmitted,
  type PieceParts,
  type QuickOrderSetup,
  type SizeLoad,
} from "../../../machines/quickOrder/quickOrder.machine.ts";
import type { StandardSize } from "../../../domain/measurements/standardSizes.ts";
import { MEASURE_METHOD as SIZE_METHOD } from "../../../domain/ids.ts";
import { newOrderMachine } from "../../../machines/newOrder/newOrder.machine.ts";
import {
  priceMachine,
  type FabricPriceInput,
  type FabricQuote,
  type OrderDraft,
  type OrderQuote,
} from "../../../machines/shared/price/price.machine.ts";
import { buildDraft, restoreFromOrder } from "../../../domain/orderEntry/draft.ts";
import { unwrap, unwrapWithMessage } from "../../api/envelope.ts";
import { api } from "../../api/client.ts";
import { idempotencyKeys } from "../../api/idempotency.ts";
import { queryClient } from "../../app/queryClient.ts";
import { shellQueries } from "../shell/index.ts";
import { orderQueries } from "./queries.ts";
import { recall } from "./selectionCache.ts";

/** Dictionary category 13: the measurement methods (QO-094). */
const DICT_SIZE_METHODS = 13;

const isSizeMethod = (method: number): method is 10052 | 10053 | 10054 =>
  method === SIZE_METHOD.body || method === SIZE_METHOD.finished || method === SIZE_METHOD.standard;

/** A category's measurement parts for a method: standard sizes (10054) are finished measurements without a customer's stored values. */
const partsOf = (
  categoryId: number,
  method: 10052 | 10053 | 10054,
  customerId: number | null,
  measureSetId: number | undefined,
) => {
  const standard = method === SIZE_METHOD.standard;
  return queryClient.fetchQuery(
    orderQueries.measurements(
      categoryId,
      standard ? SIZE_METHOD.finished : method,
      standard ? null : customerId,
      standard ? undefined : measureSetId,
    ),
  );
};

/**
 * The order-entry actors bound to the API client (reads go through the shared query cache); the
 * quick order and the simple order (D-10) get the same ones.
 */
export const orderEntryActors = {
  // QO-093: the category's base styles (the simple order's step 3)
  loadStyles: fromPromise<StyleOption[], { categoryId: number }>(
    async ({ input }) =>
      unwrap(await api.GET("/pc/dict/styleInfo", { params: { query: { category: input.categoryId } } })) ?? [],
  ),
  // QO-111: the garment in the chosen fabric, and the order so far, as the account pays them
  price: priceMachine.provide({
    actors: {
      // the same draft asks the server once (the shared query cache)
      quoteOrder: fromPromise<OrderQuote, OrderDraft>(async ({ input }) => {
        const quote = await queryClient.fetchQuery(orderQueries.quote(input));
        if (!quote) throw new Error("no price");
        return quote;
      }),
      quote: fromPromise<FabricQuote, FabricPriceInput>(async ({ input }) => {
        const quote = unwrap(
          await api.GET("/pc/membercost/fabricPrice", {
            params: {
              query: {
                category: input.categoryId,
                fabricType: input.source,
                ...(input.code.trim() ? { fabric: input.code.trim() } : {}),
              },
            },
          }),
        );
        if (!quote) throw new Error("no price");
        return quote;
      }),
    },
  }),
  loadSetup: fromPromise<QuickOrderSetup, LoadSetupInput>(async ({ input }) => {
    const [categories, tree, methods, contrastSites, order] = await Promise.all([
      queryClient.fetchQuery(shellQueries.categories(7)),
      queryClient.fetchQuery(orderQueries.crafts(input.categoryId)),
      queryClient.fetchQuery(shellQueries.dictionary(DICT_SIZE_METHODS)),
      queryClient.fetchQuery(orderQueries.contrast(input.categoryId)),
      // QO-169: an opened order, for buy again ("buy") or an edit
      input.orderId
        ? api
            .GET("/pc/order/getOrderInfo", {
              params: { query: { orderId: input.orderId, type: input.mode === "buyagain" ? "buy" : "edit" } },
            })
            .then(unwrap)
        : Promise.resolve(undefined),
    ]);
    const category = categories.find((c) => c.id === input.categoryId);
    if (!category) throw new Error(`category ${input.categoryId} is not offered for the simple or quick order`);
    return {
      ...(order ? { order: restoreFromOrder(order) } : {}),
      // QO-084: a new order starts from what the user last picked in this category
      ...(input.mode === "new" ? recall(input.categoryId) : {}),
      ecode: category.ecode,
      tree,
      methods: methods.filter((m) => m.isStop === 0).map((m) => m.id),
      contrastSites,
    };
  }),
  checkStock: fromPromise<{ inStock: boolean }, { code: string }>(async ({ input }) => {
    const stock = unwrap(await api.GET("/pc/fabric/getFabricStock", { params: { query: { fabricCode: input.code } } }));
    return { inStock: stock?.inStock ?? false };
  }),
  // QO-096, QO-099, QO-100, QO-102: the method's parts and posture specs; standard sizes (10054) are
  // finished measurements without a customer's stored values, with the size-area and shape buttons
  // QO-040: with the add-products offered (isAdd) and the parts of those chosen
  loadMeasurements: fromPromise<SizeLoad, LoadMeasurementsInput>(async ({ input }) => {
    const { categoryId, method, customerId, measureSetId } = input;
    if (!isSizeMethod(method)) return { parts: [], postures: [], standard: null, addable: [], pieces: [] };
    const standard = method === SIZE_METHOD.standard;
    const [parts, postures, choices, offered, pieces] = await Promise.all([
      partsOf(categoryId, method, customerId, measureSetId),
      queryClient.fetchQuery(orderQueries.postures(categoryId, method, customerId)),
      standard ? queryClient.fetchQuery(orderQueries.shapeCategory(categoryId)) : Promise.resolve(null),
      queryClient.fetchQuery(orderQueries.addProducts(categoryId)),
      Promise.all(
        input.pieces.map(async (piece) => ({
          categoryId: piece,
          parts: await partsOf(piece, method, customerId, measureSetId),
        })),
      ),
    ]);
    return { parts, postures, standard: choices, addable: offered?.list ?? [], pieces };
  }),
  // QO-040: an add-product's parts for the method, with the customer's stored values
  loadPieceParts: fromPromise<PieceParts, LoadPiecePartsInput>(async ({ input }) => {
    if (!isSizeMethod(input.method)) return { categoryId: input.categoryId, parts: [] };
    return {
      categoryId: input.categoryId,
      parts: await partsOf(input.categoryId, input.method, input.customerId, input.measureSetId),
    };
  }),
  // QO-100: the standard sizes of a size area and shape
  loadStandardSizes: fromPromise<StandardSize[], LoadStandardSizesInput>(async ({ input }) =>
    queryClient.fetchQuery(orderQueries.standardSizes(input.categoryId, input.sizeAreaId, input.shape)),
  ),
  // QO-168: the server computes the finished sizes from the body values (QO-057: by the body part measured)
  presize: fromPromise<Record<number, string>, DraftInput>(async ({ input }) => {
    const sizes = unwrap(
      await api.POST("/pc/order/getFinishedSize", { body: buildDraft(input.context, { onlySize: true }) }),
    );
    const pieces = Object.values(sizes ?? {});
    return Object.fromEntries(pieces.flat().map((part) => [part.refPartId, String(part.partValue)]));
  }),
  ...orderEntryDraftActors(buildDraft),
};

/**
 * QO-166, QO-167: saving to the cart and submitting a draft (the money path: the ledger moves once per
 * Submit, under its idempotency key); every order flow passes its own draft (the style order its type-10 draft).
 */
export function orderEntryDraftActors(build: (context: DraftInput["context"]) => OrderDraft) {
  /** One Submit, one key (see src/api/idempotency.ts). */
  const submitKeys = idempotencyKeys();
  return {
    // QO-166: save to the cart
    // API-007: with the server's message and the order number, said before the page moves on
    saveOrder: fromPromise<OrderSaved, DraftInput>(async ({ input }) => {
      const { data: saved, message } = unwrapWithMessage(
        await api.POST("/pc/order/saveOrder", { body: build(input.context) }),
      );
      queryClient.removeQueries({ queryKey: ["failedAmount"] });
      return { orderId: saved?.orderId ?? "", orderCode: saved?.orderCode ?? "", message };
    }),
    // QO-167: submit; a result sign "fail" (e.g. insufficient balance) means failure (QO-127)
    // Money moves once per Submit: the same draft sent again after a lost answer carries the same key
    submitOrder: fromPromise<OrderSubmitted, DraftInput>(async ({ input }) => {
      const body = build(input.context);
      const headers = { "Idempotency-Key": submitKeys.keyFor(body) };
      const { data: results, message } = unwrapWithMessage(
        await api.POST("/pc/order/saveSubmitOrder", { body, params: { header: headers } }),
      );
      submitKeys.settle();
      queryClient.removeQueries({ queryKey: ["failedAmount"] });
      return {
        failed: (results ?? []).some((r) => r.sign === "fail"),
        orderId: results?.[0]?.orderId ?? "",
        orderCode: results?.[0]?.orderCode ?? "",
        message,
      };
    }),
  };
}

/** The quick order (three steps) bound to the API client. */
export const boundQuickOrderMachine = quickOrderMachine.provide({ actors: orderEntryActors });
/** The simple order (four steps, D-10) bound to the same actors. */
export const boundNewOrderMachine = newOrderMachine.provide({ actors: orderEntryActors });
