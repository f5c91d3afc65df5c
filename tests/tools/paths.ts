/**
 * `npm run paths -- <machine>`: the tours and shortest paths the tests replay for a card machine, as
 * JSON on stdout: each path's abstract steps, and per real event the machine's state after it, the
 * transitions taken (`<state id>::<index>`, the picture's ids) and the rule that refused it, if one did.
 * The way CI and other tools get paths from the machines (tests/tools/tours.ts).
 *
 *   npm run paths -- quickOrder          # quickOrder | professionalOrder | styleOrder | session | submitQueue
 *   npm run paths -- quickOrder --tours  # the tours only (no shortest paths)
 */
import { extractMachineGraph } from "../../src/features/flows/machineGraph.ts";
import { refusingRule } from "../../src/features/flows/labels.ts";
import { CARD_TOURS, walk } from "./tours.ts";

const [id, ...flags] = process.argv.slice(2);
const card = id ? CARD_TOURS[id] : undefined;
if (!card) {
  console.error(`usage: npm run paths -- <machine> [--tours]; machines: ${Object.keys(CARD_TOURS).join(", ")}`);
  process.exit(2);
}
const graph = extractMachineGraph(card.machine);
const transitions = new Map<string, ReturnType<typeof extractMachineGraph>["transitions"][number]>();
const index = (node: ReturnType<typeof extractMachineGraph>) => {
  node.transitions.forEach((t, i) => transitions.set(`${node.id}::${String(i)}`, t));
  node.children.forEach(index);
};
index(graph);

const tours = card.tours().filter((t) => !flags.includes("--tours") || t.kind === "tour");
const out = {
  machine: id,
  paths: tours.map((tour) => ({
    kind: tour.kind,
    abstract: tour.abstract,
    steps: walk(card.machine, tour.input, tour.events, tour.restore).map((step) => {
      const refused = step.taken.map((t) => transitions.get(t)).find((t) => t && refusingRule(t));
      return {
        event: step.event.type,
        state: step.value,
        taken: step.taken.map((t) => ({ id: t, guard: transitions.get(t)?.guard ?? null })),
        ...(refused ? { refusedBy: refusingRule(refused)!.name } : {}),
      };
    }),
  })),
};
process.stdout.write(`${JSON.stringify(out, null, 1)}\n`);
