import { fromPromise } from "xstate";
import { saveItemsMachine, type CheckRequest, type CartRow } from "../../../machines/saveItems/saveItems.machine.ts";
import { unwrap } from "../../api/envelope.ts";
import { api } from "../../api/client.ts";
import { queryClient } from "../../app/queryClient.ts";
import { boundCartItemMachine } from "./cartItem.ts";
import { cartQueries, idList } from "./queries.ts";
import { boundSubmitQueueMachine } from "./submitQueue.ts";

type CartPage = { items: CartRow[]; total: number };
const CART_LIST = ["cartList"];

/** Check-flag saves on their way: the list is read again only once the last of several quick clicks has landed. */
let checksOnTheirWay = 0;

/**
 * The saved-items page machine bound to the API client: its cards and its queue bound to the client,
 * the check flag stored (CART-034: shown at once in the cached list, put back when the server refuses),
 * the balance before read afresh when checkout starts.
 */
export const boundSaveItemsMachine = saveItemsMachine.provide({
  actors: {
    cartItem: boundCartItemMachine,
    submitQueue: boundSubmitQueueMachine,
    saveCheck: fromPromise<unknown, CheckRequest>(async ({ input: { orderIds, check } }) => {
      checksOnTheirWay++;
      try {
        await queryClient.cancelQueries({ queryKey: CART_LIST });
        const before = queryClient.getQueriesData<CartPage>({ queryKey: CART_LIST });
        queryClient.setQueriesData<CartPage>({ queryKey: CART_LIST }, (page) =>
          page
            ? {
                ...page,
                items: page.items.map((item) => (orderIds.includes(item.orderId) ? { ...item, check } : item)),
              }
            : page,
        );
        try {
          return unwrap(await api.POST("/pc/order/updateOrderCheck", { body: { orderIds: idList(orderIds), check } }));
        } catch (error) {
          // The machine says "Update failed" (CART-053); the list shows what the server holds.
          for (const [key, data] of before) queryClient.setQueryData(key, data);
          throw error;
        }
      } finally {
        // An earlier click's answer would otherwise bring back a list without the later clicks.
        checksOnTheirWay--;
        if (checksOnTheirWay === 0) void queryClient.invalidateQueries({ queryKey: CART_LIST });
      }
    }),
    // No order ids: the account's balance only (what the orders cost is on the receipt already)
    readBalance: fromPromise(async () => {
      const sum = await queryClient.fetchQuery({ ...cartQueries.sum([]), staleTime: 0 });
      return { balanceCents: sum.balanceCents, moneyType: sum.moneyType };
    }),
  },
});
