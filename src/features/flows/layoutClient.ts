/**
 * The laid-out picture of a machine. A layout is a pure function of the machine's ELK graph (its states,
 * arrows and the words of one language), so the layouts of the machines as they are committed are kept
 * in `layouts/<machine>.<lang>.json` (`npm run flows:layouts`, checked by `npm run check`): the page
 * loads the one it shows (a few KB) and uses it when its key matches the graph the page builds. Only a
 * graph that changed since (a machine being edited in `npm run dev`, a new label) is laid out by elkjs,
 * in a web worker (its own `elk-worker` build behind `elk-api`, both loaded on that first need): the
 * layout never blocks input. Results are cached per machine and language for the page's lifetime.
 */
import type { ELK } from "elkjs/lib/elk-api.js";
import workerUrl from "elkjs/lib/elk-worker.min.js?url";
import type { GraphNode } from "./machineGraph.ts";
import type { Lang } from "./labels.ts";
import { buildPictureModel, fromElk, layoutKey, pictureFrom, toElkGraph, type Picture } from "./layout.ts";
import { keptNow, loadKept } from "./keptLayouts.ts";

let elk: Promise<ELK> | undefined;
/** elkjs and its worker, started on the first layout that is not kept. */
const elkWorker = (): Promise<ELK> =>
  (elk ??= import("elkjs/lib/elk-api.js").then(
    ({ default: ElkConstructor }) => new ElkConstructor({ workerFactory: () => new Worker(workerUrl) }),
  ));

const cache = new Map<string, Promise<Picture>>();

async function lay(graph: GraphNode, lang: Lang): Promise<Picture> {
  const model = buildPictureModel(graph, lang);
  const elkGraph = toElkGraph(model);
  const key = layoutKey(elkGraph);
  const kept = await loadKept(graph.id, lang);
  if (kept?.key === key) return { ...pictureFrom(model, kept), source: "kept", lang };
  const laid = await (await elkWorker()).layout(elkGraph);
  return { ...fromElk(model, laid), source: "worker", lang };
}

/** The picture at once when its kept layout is loaded and still matches the graph (the page's first render). */
export function pictureNow(graph: GraphNode, lang: Lang): Picture | null {
  const kept = keptNow(graph.id, lang);
  if (!kept) return null;
  const model = buildPictureModel(graph, lang);
  if (kept.key !== layoutKey(toElkGraph(model))) return null;
  const picture: Picture = { ...pictureFrom(model, kept), source: "kept", lang };
  cache.set(`${graph.id}:${lang}`, Promise.resolve(picture));
  return picture;
}

/** The laid-out picture of a machine's graph in `lang`: kept, or laid out in the worker (once per machine and language). */
export function layoutPicture(graph: GraphNode, lang: Lang): Promise<Picture> {
  const key = `${graph.id}:${lang}`;
  let picture = cache.get(key);
  if (!picture) {
    picture = lay(graph, lang);
    picture.catch(() => cache.delete(key));
    cache.set(key, picture);
  }
  return picture;
}
