/** The flow diagrams (/flows): a machine drawn from its own definition, with the live state. */
export { MachineDiagram } from "./MachineDiagram.tsx";
export { extractMachineGraph } from "./machineGraph.ts";
