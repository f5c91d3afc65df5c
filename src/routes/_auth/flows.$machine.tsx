import { createFileRoute } from "@tanstack/react-router";
import * as z from "zod/mini";
import { searchSchema } from "../../app/search.ts";
import { currentLocale } from "../../app/i18n.ts";
import { FlowPage } from "../../features/flows/index.ts";

/** `?events=user.next,!hasFabric,…`: a simulator run to replay (events and rule switches, in order); else dropped. */
const eventsParam = z.optional(
  z.catch(z.optional(z.string().check(z.maxLength(4000), z.regex(/^[\w.:!,-]*$/))), undefined),
);

/** `/flows/<machine>`: one flow's picture, simulator and text alternative. */
export const Route = createFileRoute("/_auth/flows/$machine")({
  validateSearch: searchSchema({ events: eventsParam }),
  // The kept layout (a few KB) loads with the page's code, so the first render draws the picture;
  // bench/flows.ts measures from here to the frame that shows it.
  loader: async ({ params }) => {
    performance.mark(`flows:layout:${params.machine}`);
    const { loadKept } = await import("../../features/flows/keptLayouts.ts");
    await loadKept(params.machine, currentLocale());
  },
  component: FlowRoute,
});

function FlowRoute() {
  const { machine } = Route.useParams();
  const { events } = Route.useSearch();
  return <FlowPage id={machine} events={events} />;
}
