import { fromPromise } from "xstate";
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import {
  styleOrderMachine,
  type LoadStyleInput,
  type StyleLoad,
  type StyleProduct,
} from "../../../machines/styleOrder/styleOrder.machine.ts";
import type { DraftInput } from "../../../machines/quickOrder/quickOrder.machine.ts";
import { priceMachine, type FabricPriceInput, type FabricQuote } from "../../../machines/shared/price/price.machine.ts";
import {
  buildStyleDraft,
  savedStyleValues,
  splitList,
  styleChoice,
  styleIdOfOrder,
  type SavedStylePiece,
  type StyleBought,
} from "../../../domain/orderEntry/style.ts";
import { restoreFromOrder, type OrderInfo } from "../../../domain/orderEntry/draft.ts";
import { linkedMethodOf } from "../../../domain/orderEntry/professional.ts";
import type { components } from "../../../openapi/portal";
import { unwrap } from "../../api/envelope.ts";
import { api } from "../../api/client.ts";
import { currentLocale } from "../../app/i18n.ts";
import { queryClient } from "../../app/queryClient.ts";
import { shellQueries } from "../shell/index.ts";
import { orderEntryActors, orderEntryDraftActors } from "../quickOrder/index.ts";

/** Dictionary category 13: the measurement methods (QO-094). */
const DICT_SIZE_METHODS = 13;

type StyleDetail = components["schemas"]["StyleDetail"];

/** SO-015, SO-016: the contract's style as the order form reads it (comma lists split; the first piece's category). */
export function styleProductOf(detail: StyleDetail): StyleProduct {
  const images = splitList(detail.images);
  return {
    id: detail.id,
    styleName: detail.styleName,
    images: images.length > 0 ? images : splitList(detail.previewImage),
    deliveryDays: detail.deliveryDays,
    currency: detail.currency,
    property: detail.property,
    categoryId: detail.styleInfoList[0]?.clothCategory ?? 0,
    fabrics: splitList(detail.chooseFabric),
    pieces: detail.styleInfoList.map((piece) => ({
      id: piece.id,
      clothCategory: piece.clothCategory,
      styleName: piece.styleName,
      styleCode: piece.styleCode,
      crafts: piece.styleCraftList.map((craft) => ({
        id: craft.id,
        name: craft.name,
        type: craft.type,
        price: craft.price,
        imageUrl: craft.imageUrl,
        choices: splitList(craft.chooseContent),
        choiceNames: splitList(craft.chooseContentName),
        preset: craft.model ?? "",
      })),
    })),
  };
}

/** Reads of the style order (000 §7), shared by the route's loader and the machine's actors. */
export const styleQueries = {
  // SO-024: a style, in the page's language
  detail: (id: number) =>
    queryOptions({
      queryKey: ["style", id, currentLocale()],
      queryFn: async () => unwrap(await api.GET("/pc/style/detail/{id}", { params: { path: { id } } })) as StyleDetail,
      retry: false,
    }),
};

/** The style order's actors: the order entry's (customer book, measurements, pre-calculation), its own load, price, Buy and draft. */
const styleOrderActors = {
  ...orderEntryActors,
  loadStyle: styleLoader(undefined),
  // SO-005, SO-023: the style in the chosen fabric, priced by the server
  price: priceMachine.provide({
    actors: {
      quote: fromPromise<FabricQuote, FabricPriceInput>(async ({ input }) => {
        const code = input.code.trim();
        if (!code || input.styleId === undefined) return { makePrice: "", fabricPrice: "", price: "", moneyType: "" };
        const price = unwrap(
          await api.POST("/pc/style/{id}/calculatePrice", {
            params: { path: { id: input.styleId }, query: { fabricCode: code } },
          }),
        );
        return { makePrice: "", fabricPrice: "", price: price ?? "", moneyType: "" };
      }),
    },
  }),
  // SO-027: Buy as the server checks and prices it
  buyStyle: fromPromise<StyleBought, DraftInput>(async ({ input }) => {
    const bought = unwrap(await api.POST("/pc/style/buy", { body: styleChoice(input.context) }));
    if (!bought) throw new Error("no answer to Buy");
    return { price: bought.price, currency: bought.moneyType };
  }),
  // SO-014: Save To Cart and Submit, the order entry's money path with the style order's draft (type 10)
  ...orderEntryDraftActors(buildStyleDraft),
};

/**
 * SO-024: the style, and the setup of its first piece's category (the gender by its code, the measurement
 * methods); QO-085, QO-086, QO-169: an opened order first (edit, pending edit or buy again), and the style
 * it was made of; D-03: the link's `sizeCategoryId` is the method the page opens on when offered.
 */
function styleLoader(sizeCategoryId: number | undefined) {
  return fromPromise<StyleLoad, LoadStyleInput>(async ({ input }) => {
    const order: OrderInfo | undefined = input.orderId
      ? unwrap(
          await api.GET("/pc/order/getOrderInfo", {
            params: { query: { orderId: input.orderId, type: input.mode === "buyagain" ? "buy" : "edit" } },
          }),
        )
      : undefined;
    const savedPieces = (order?.detailList ?? []) as unknown as SavedStylePiece[];
    const styleId = order ? styleIdOfOrder(savedPieces) : input.styleId;
    if (!styleId) throw new Error("this order is not a style order");
    const [detail, categories, methods] = await Promise.all([
      queryClient.fetchQuery(styleQueries.detail(styleId)),
      queryClient.fetchQuery(shellQueries.categories(7)),
      queryClient.fetchQuery(shellQueries.dictionary(DICT_SIZE_METHODS)),
    ]);
    const product = styleProductOf(detail);
    const category = categories.find((c) => c.id === product.categoryId);
    const offered = methods.filter((m) => m.isStop === 0).map((m) => m.id);
    // D-03: the link's measurement method, when the category offers it
    const linked = linkedMethodOf(offered, sizeCategoryId);
    return {
      product,
      ...(order ? { values: savedStyleValues(savedPieces) } : {}),
      setup: {
        ...(order ? { order: restoreFromOrder(order) } : {}),
        ecode: category?.ecode ?? "",
        tree: [],
        methods: offered,
        ...(linked !== undefined ? { linkedMethod: linked } : {}),
      },
    };
  });
}

/** The style order bound to the API client. */
export const boundStyleOrderMachine = styleOrderMachine.provide({ actors: styleOrderActors });

/** The style order of a link naming a measurement method (`sizeCategoryId`, D-03). */
export const styleOrderWithMethod = (sizeCategoryId: number | undefined) =>
  sizeCategoryId === undefined
    ? boundStyleOrderMachine
    : boundStyleOrderMachine.provide({ actors: { loadStyle: styleLoader(sizeCategoryId) } });

/** The route's loader starts the style order's first reads (the machine finds them in the cache). */
export function prefetchStyleOrder(client: QueryClient, styleId: number | undefined): void {
  if (styleId !== undefined) void client.prefetchQuery(styleQueries.detail(styleId));
  void client.prefetchQuery(shellQueries.categories(7));
  void client.prefetchQuery(shellQueries.dictionary(DICT_SIZE_METHODS));
}
