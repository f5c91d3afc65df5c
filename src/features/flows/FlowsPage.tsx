import { useEffect, useState } from "react";
import { useSelector } from "@xstate/react";
import { Trans } from "@lingui/react/macro";
import { MachineDiagram } from "./MachineDiagram.tsx";
import { useSession, type SessionSnapshot } from "../session/index.ts";
import { loadCalculator, type CalculatorActor } from "../calculator/index.ts";
import { sessionMachine } from "../../../machines/session/session.machine.ts";
import { calculatorMachine } from "../../../machines/calculator/calculator.machine.ts";
import { quickOrderMachine } from "../../../machines/quickOrder/quickOrder.machine.ts";
import { newOrderMachine } from "../../../machines/newOrder/newOrder.machine.ts";
import { styleOrderMachine } from "../../../machines/styleOrder/styleOrder.machine.ts";
import { professionalOrderMachine } from "../../../machines/professionalOrder/professionalOrder.machine.ts";
import { priceMachine } from "../../../machines/shared/price/price.machine.ts";
import { uploadMachine } from "../../../machines/shared/upload/upload.machine.ts";
import { submitQueueMachine } from "../../../machines/submitQueue/submitQueue.machine.ts";
import { cartItemMachine } from "../../../machines/cartItem/cartItem.machine.ts";
import { saveItemsMachine } from "../../../machines/saveItems/saveItems.machine.ts";

/** The order-entry machines and their children: drawn from their definitions (each order page runs its own actors). */
const ORDER_ENTRY_MACHINES = [
  { title: "quickOrder", machine: quickOrderMachine },
  { title: "newOrder", machine: newOrderMachine },
  { title: "styleOrder", machine: styleOrderMachine },
  { title: "professionalOrder", machine: professionalOrderMachine },
  { title: "price", machine: priceMachine },
  { title: "upload", machine: uploadMachine },
  { title: "saveItems", machine: saveItemsMachine },
  { title: "submitQueue", machine: submitQueueMachine },
  { title: "cartItem", machine: cartItemMachine },
];

const wholeSnapshot = (s: SessionSnapshot) => s;

/**
 * Every flow machine drawn from its own definition, offline, with the live state highlighted where
 * the app runs one actor of it (the session, the calculator).
 */
export function FlowsPage() {
  const session = useSession(wholeSnapshot, undefined);
  const [calculator, setCalculator] = useState<CalculatorActor | null>(null);
  useEffect(() => {
    let live = true;
    loadCalculator().then(
      (actor) => live && setCalculator(actor),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <main className="mx-auto w-[1380px] space-y-10 py-10">
      <h1 className="text-2xl font-semibold text-brand">
        <Trans>Flows</Trans>
      </h1>
      <MachineDiagram machine={sessionMachine} snapshot={session} title="session" />
      {calculator ? (
        <LiveCalculator actor={calculator} />
      ) : (
        <MachineDiagram machine={calculatorMachine} title="calculator" />
      )}
      {ORDER_ENTRY_MACHINES.map(({ title, machine }) => (
        <MachineDiagram key={title} machine={machine} title={title} />
      ))}
    </main>
  );
}

function LiveCalculator({ actor }: { actor: CalculatorActor }) {
  const snapshot = useSelector(actor, (s) => s);
  return <MachineDiagram machine={calculatorMachine} snapshot={snapshot} title="calculator" />;
}
