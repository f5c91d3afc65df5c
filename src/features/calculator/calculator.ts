import { createActor, fromPromise } from "xstate";
import { calculatorMachine } from "../../../machines/calculator/calculator.machine.ts";
import { unwrap } from "../../api/envelope.ts";
import { api } from "../../api/client.ts";
import { inspector } from "../../app/inspect.ts";

/** The price calculator bound to the API client. */
export const boundCalculatorMachine = calculatorMachine.provide({
  actors: {
    loadCategories: fromPromise(async ({ input }) => {
      const list = unwrap(await api.GET("/pc/dict/category", { params: { query: { orderWay: input.orderType } } }));
      return list.map((c) => ({ id: c.id, name: c.name }));
    }),
    loadLinings: fromPromise(async ({ input }) =>
      unwrap(
        await api.GET("/pc/membercmt/currentCmtList/{category}/{orderType}", {
          params: { path: { category: input.categoryId, orderType: input.orderType } },
        }),
      ),
    ),
    calculatePrice: fromPromise(async ({ input }) =>
      unwrap(await api.POST("/pc/membercost/calculatePrice", { body: input })),
    ),
  },
});

export const calculatorActor = createActor(boundCalculatorMachine, { inspect: inspector?.inspect }).start();
