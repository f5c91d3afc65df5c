import { createFileRoute, redirect } from "@tanstack/react-router";
import { useSelector } from "@xstate/react";
import { Trans } from "@lingui/react/macro";
import { MachineDiagram } from "../../features/flows/MachineDiagram.tsx";
import { sessionActor } from "../../features/session/session.ts";
import { calculatorActor } from "../../features/calculator/calculator.ts";
import { authoritiesOf } from "../../../machines/session/session.selectors.ts";
import { quickOrderMachine } from "../../../machines/quickOrder/quickOrder.machine.ts";
import { newOrderMachine } from "../../../machines/newOrder/newOrder.machine.ts";
import { priceMachine } from "../../../machines/shared/price/price.machine.ts";
import { uploadMachine } from "../../../machines/shared/upload/upload.machine.ts";

/** Code of the authority that opens the flow diagrams in production builds. */
export const FLOWS_AUTHORITY = "flows";

/** The order-entry machines and their children: drawn from their definitions (each order page runs its own actors). */
const ORDER_ENTRY_MACHINES = [
  { title: "quickOrder", machine: quickOrderMachine },
  { title: "newOrder", machine: newOrderMachine },
  { title: "price", machine: priceMachine },
  { title: "upload", machine: uploadMachine },
];

/**
 * Every flow machine drawn from its own definition, offline, with the live state highlighted:
 * open in development builds, and in production to accounts holding the `flows` authority.
 */
export const Route = createFileRoute("/_auth/flows")({
  beforeLoad: ({ context }) => {
    if (!import.meta.env.DEV && !authoritiesOf(context.session.getSnapshot()).includes(FLOWS_AUTHORITY))
      throw redirect({ to: "/" });
  },
  component: FlowsPage,
});

function FlowsPage() {
  const session = useSelector(sessionActor, (s) => s);
  const calculator = useSelector(calculatorActor, (s) => s);
  return (
    <main className="mx-auto w-[1380px] space-y-10 py-10">
      <h1 className="text-2xl font-semibold text-brand">
        <Trans>Flows</Trans>
      </h1>
      <MachineDiagram machine={sessionActor.logic} snapshot={session} title="session" />
      <MachineDiagram machine={calculatorActor.logic} snapshot={calculator} title="calculator" />
      {ORDER_ENTRY_MACHINES.map(({ title, machine }) => (
        <MachineDiagram key={title} machine={machine} title={title} />
      ))}
    </main>
  );
}
