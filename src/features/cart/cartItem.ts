import { fromPromise } from "xstate";
import { cartItemMachine } from "../../../machines/cartItem/cartItem.machine.ts";
import { unwrap } from "../../api/envelope.ts";
import { api } from "../../api/client.ts";
import { queryClient } from "../../app/queryClient.ts";
import { shellQueries } from "../shell/index.ts";

/** What changes with a card: the sum of the selection, the list and (after a delete) the header badges. */
export function refreshCart(options: { badges?: boolean } = {}) {
  void queryClient.invalidateQueries({ queryKey: ["cartSum"] });
  void queryClient.invalidateQueries({ queryKey: ["cartList"] });
  if (options.badges) void queryClient.invalidateQueries({ queryKey: shellQueries.badges().queryKey });
}

/** A cart card's machine bound to the API client (CART-047..049). */
export const boundCartItemMachine = cartItemMachine.provide({
  actors: {
    updateAmount: fromPromise(async ({ input }) => {
      const answer = unwrap(
        await api.GET("/pc/order/updateCartOrderAmount", {
          params: { query: { orderId: input.orderId, amount: input.amount } },
        }),
      );
      if (!answer) throw new Error("updateCartOrderAmount answered no price");
      refreshCart();
      return { price: answer.price };
    }),
    updateAddProduct: fromPromise(async ({ input }) => {
      const answer = unwrap(
        await api.GET("/pc/order/updateOrderAddproduct", {
          params: { query: { orderId: input.orderId, addProduct: input.addProduct } },
        }),
      );
      refreshCart();
      return answer;
    }),
    deleteOrder: fromPromise(async ({ input }) => {
      const answer = unwrap(await api.POST("/pc/order/deleteCartOrder", { body: { orderId: input.orderId } }));
      refreshCart({ badges: true });
      return answer;
    }),
  },
});
