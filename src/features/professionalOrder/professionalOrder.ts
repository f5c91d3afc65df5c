import { fromPromise } from "xstate";
import type { QueryClient } from "@tanstack/react-query";
import {
  professionalOrderMachine,
  type ProfessionalOrderSetup,
} from "../../../machines/professionalOrder/professionalOrder.machine.ts";
import type { LoadSetupInput } from "../../../machines/orderEntry/types.ts";
import type { FabricPriceInput, FabricQuote } from "../../../machines/shared/price/price.machine.ts";
import { restoreFromOrder } from "../../../domain/orderEntry/draft.ts";
import { linkedMethodOf } from "../../../domain/orderEntry/professional.ts";
import { ORDER_TYPE } from "../../../domain/ids.ts";
import { unwrap } from "../../api/envelope.ts";
import { api } from "../../api/client.ts";
import { queryClient } from "../../app/queryClient.ts";
import { shellQueries } from "../shell/index.ts";
import { orderEntryActors, orderQueries } from "../quickOrder/index.ts";
import { takeKeptForm } from "./keptForms.ts";

/** Dictionary category 13: the measurement methods (QO-094). */
const DICT_SIZE_METHODS = 13;

/**
 * Starts the reads the professional page opens with (the machine's setup reads them from the cache and
 * reports a failure itself), for the route's loader; not awaited.
 */
export function prefetchProfessionalOrder(client: QueryClient, categoryId: number): void {
  void client.prefetchQuery(shellQueries.categories(ORDER_TYPE.professional));
  void client.prefetchQuery(orderQueries.crafts(categoryId));
  void client.prefetchQuery(shellQueries.dictionary(DICT_SIZE_METHODS));
  void client.prefetchQuery(orderQueries.contrast(categoryId));
  void client.prefetchQuery(orderQueries.addProducts(categoryId));
}

/**
 * PO-001..039: the professional order bound to the API client: the order-entry actors of the other
 * flows (measurements, stock, pre-size, save and submit with the same money path), and its own setup:
 * the categories of order way 8, the craft trees of the further pieces the category offers (PO-002),
 * an opened order (edit, pending, buy again, D-03) or the form kept for the category (PO-020).
 */
export const boundProfessionalOrderMachine = professionalOrderMachine.provide({
  actors: {
    ...orderEntryActors,
    // QO-111: the garment in the fabric, priced as a professional order (type 8)
    price: orderEntryActors.price.provide({
      actors: {
        quote: fromPromise<FabricQuote, FabricPriceInput>(async ({ input }) => {
          const quote = unwrap(
            await api.GET("/pc/membercost/fabricPrice", {
              params: {
                query: {
                  category: input.categoryId,
                  type: ORDER_TYPE.professional,
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
    loadSetup: professionalSetup(undefined),
  },
});

/** The professional order of a link naming a measurement method (`sizeCategoryId`, D-03). */
export const professionalOrderWithMethod = (sizeCategoryId: number | undefined) =>
  sizeCategoryId === undefined
    ? boundProfessionalOrderMachine
    : boundProfessionalOrderMachine.provide({ actors: { loadSetup: professionalSetup(sizeCategoryId) } });

/** The professional setup; D-03: the link's `sizeCategoryId` is the method the page opens on when offered. */
function professionalSetup(sizeCategoryId: number | undefined) {
  return fromPromise<ProfessionalOrderSetup, LoadSetupInput>(async ({ input }) => {
    const [categories, tree, methods, contrastSites, offered, order] = await Promise.all([
      queryClient.fetchQuery(shellQueries.categories(ORDER_TYPE.professional)),
      queryClient.fetchQuery(orderQueries.crafts(input.categoryId)),
      queryClient.fetchQuery(shellQueries.dictionary(DICT_SIZE_METHODS)),
      queryClient.fetchQuery(orderQueries.contrast(input.categoryId)),
      queryClient.fetchQuery(orderQueries.addProducts(input.categoryId)),
      // D-03: an opened order, for buy again ("buy") or an edit
      input.orderId
        ? api
            .GET("/pc/order/getOrderInfo", {
              params: { query: { orderId: input.orderId, type: input.mode === "buyagain" ? "buy" : "edit" } },
            })
            .then(unwrap)
        : Promise.resolve(undefined),
    ]);
    const category = categories.find((c) => c.id === input.categoryId);
    if (!category) throw new Error(`category ${input.categoryId} is not offered for the professional order`);
    // PO-002: each further piece (an add-product of the category) has its own crafts
    const pieceTrees = await Promise.all(
      (offered?.list ?? []).map(async (piece) => ({
        categoryId: piece.id,
        name: categories.find((c) => c.id === piece.id)?.name ?? piece.name,
        tree: await queryClient.fetchQuery(orderQueries.crafts(piece.id)),
      })),
    );
    // PO-020: a new order of the category comes back as the user left it
    const kept = input.mode === "new" ? takeKeptForm(input.categoryId) : undefined;
    const opened = order ? restoreFromOrder(order) : kept;
    const offeredMethods = methods.filter((m) => m.isStop === 0).map((m) => m.id);
    const linkedMethod = linkedMethodOf(offeredMethods, sizeCategoryId);
    return {
      ...(opened ? { order: opened } : {}),
      ecode: category.ecode,
      categoryName: category.name,
      tree,
      methods: offeredMethods,
      ...(linkedMethod !== undefined ? { linkedMethod } : {}),
      contrastSites,
      pieceTrees,
    };
  });
}
