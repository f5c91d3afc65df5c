import type { InspectionEvent } from "xstate";

/**
 * In development, `?inspect` attaches the Stately inspector (@statelyai/inspect, online UI) to every
 * actor created with `inspect: inspector?.inspect`. Production builds never load it.
 */
export let inspector: { inspect: (event: InspectionEvent) => void } | undefined;

if (import.meta.env.DEV && new URLSearchParams(location.search).has("inspect")) {
  const queue: InspectionEvent[] = [];
  let forward: ((event: InspectionEvent) => void) | undefined;
  inspector = { inspect: (event) => (forward ? forward(event) : queue.push(event)) };
  void import("@statelyai/inspect").then(({ createBrowserInspector }) => {
    const browserInspector = createBrowserInspector();
    forward = (event) => browserInspector.inspect.next?.(event);
    queue.splice(0).forEach((event) => forward!(event));
  });
}
