import { createActor, fromPromise, waitFor } from "xstate";
import { newOrderMachine } from "../../machines/newOrder/newOrder.machine.ts";
import { IN_STOCK_FABRIC, SUIT_SETUP } from "./quickOrder.fixtures.ts";

type Actors = NonNullable<Parameters<typeof newOrderMachine.provide>[0]["actors"]>;

/**
 * A real simple order (suit 3000) at rest in step 3: the setup loaded, a fabric in stock picked,
 * steps 1 and 2 passed. `actors` provides step 3's loads.
 */
export async function simpleOrderAtStep3(actors: Actors) {
  const actor = createActor(newOrderMachine.provide({
    actors: { loadSetup: fromPromise(async () => SUIT_SETUP), checkStock: fromPromise(async () => ({ inStock: true as boolean })), ...actors },
  }), { input: { categoryId: 3000 } }).start();
  await waitFor(actor, (s) => s.matches({ crafting: { fabricCrafts: { stock: "idle" } } }));
  actor.send({ type: "user.pickFabric", code: IN_STOCK_FABRIC });
  await waitFor(actor, (s) => s.matches({ crafting: { fabricCrafts: { stock: "idle" } } }));
  actor.send({ type: "user.next" });
  actor.send({ type: "user.next" });
  await waitFor(actor, (s) => s.matches({ measurements: "editing" }));
  return actor;
}
