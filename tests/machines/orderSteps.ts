import { createActor, fromPromise, waitFor, type Actor } from "xstate";
import { newOrderMachine } from "../../machines/newOrder/newOrder.machine.ts";
import type { CustomerPick, QuickOrderMachine } from "../../machines/quickOrder/quickOrder.machine.ts";
import { CUSTOMER, IN_STOCK_FABRIC, SUIT_SETUP } from "./quickOrder.fixtures.ts";

/** The order-entry steps the machine tests share. */

/**
 * A quick order through steps 1 and 2 to step 3 at rest: a new order picks `customer` and a fabric
 * in stock (an opened order has them); `step1` and `step2` send what the user does there before Next.
 */
export async function quickOrderToStep3(
  actor: Actor<QuickOrderMachine>,
  opts: { opened?: boolean; customer?: CustomerPick; step1?: () => void; step2?: () => void } = {},
) {
  await waitFor(actor, (s) => s.matches({ basicInfo: { stock: "idle" } }));
  if (!opts.opened) {
    actor.send({ type: "user.pickCustomer", customer: opts.customer ?? CUSTOMER });
    actor.send({ type: "user.pickFabric", code: IN_STOCK_FABRIC });
    await waitFor(actor, (s) => s.matches({ basicInfo: { stock: "idle" } }));
  }
  opts.step1?.();
  actor.send({ type: "user.next" });
  opts.step2?.();
  actor.send({ type: "user.next" });
  await waitFor(actor, (s) => s.matches({ sizeBody: "editing" }));
}

type Actors = NonNullable<Parameters<typeof newOrderMachine.provide>[0]["actors"]>;

/**
 * A real simple order (suit 3000) at rest in step 3: the setup loaded, a fabric in stock picked,
 * steps 1 and 2 passed. `actors` provides step 3's loads.
 */
export async function simpleOrderAtStep3(actors: Actors) {
  const actor = createActor(
    newOrderMachine.provide({
      actors: {
        loadSetup: fromPromise(async () => SUIT_SETUP),
        checkStock: fromPromise(async () => ({ inStock: true as boolean })),
        ...actors,
      },
    }),
    { input: { categoryId: 3000 } },
  ).start();
  await waitFor(actor, (s) => s.matches({ crafting: { fabricCrafts: { stock: "idle" } } }));
  actor.send({ type: "user.pickFabric", code: IN_STOCK_FABRIC });
  await waitFor(actor, (s) => s.matches({ crafting: { fabricCrafts: { stock: "idle" } } }));
  actor.send({ type: "user.next" });
  actor.send({ type: "user.next" });
  await waitFor(actor, (s) => s.matches({ measurements: "editing" }));
  return actor;
}
