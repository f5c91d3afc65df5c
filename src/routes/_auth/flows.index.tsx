import { createFileRoute } from "@tanstack/react-router";
import { FlowsIndex } from "../../features/flows/index.ts";

/** `/flows`: the table of contents of the flows. */
export const Route = createFileRoute("/_auth/flows/")({
  component: FlowsIndex,
});
