/**
 * elkjs run in a web worker (its own `elk-worker` build behind `elk-api`): the layout never blocks
 * input. Loaded only by the flow pages; one worker for the page's lifetime, layouts cached per
 * machine and language.
 */
import ElkConstructor, { type ELK } from "elkjs/lib/elk-api.js";
import workerUrl from "elkjs/lib/elk-worker.min.js?url";
import type { GraphNode } from "./machineGraph.ts";
import type { Lang } from "./labels.ts";
import { buildPictureModel, fromElk, toElkGraph, type Picture } from "./layout.ts";

/** Started as the flow pages' code loads, so the worker boots while the page renders. */
const elk: ELK = new ElkConstructor({ workerFactory: () => new Worker(workerUrl) });
const cache = new Map<string, Promise<Picture>>();

/** The laid-out picture of a machine's graph in `lang`, laid out in the worker (once per machine and language). */
export function layoutPicture(graph: GraphNode, lang: Lang): Promise<Picture> {
  const key = `${graph.id}:${lang}`;
  let picture = cache.get(key);
  if (!picture) {
    const model = buildPictureModel(graph, lang);
    picture = elk.layout(toElkGraph(model)).then((laid) => fromElk(model, laid));
    picture.catch(() => cache.delete(key));
    cache.set(key, picture);
  }
  return picture;
}
