/**
 * The picture of a machine as pure functions: the graph (machineGraph.ts) → a model of boxes and
 * arrows with their words and sizes → an ELK graph (laid out by elkjs in a web worker,
 * layout.worker.ts) → the laid-out picture the SVG draws (FlowDiagram.tsx).
 *
 * - a state is a box; a compound or parallel state holds its children (ELK's hierarchy);
 * - a transition with a target is an arrow, labelled with its trigger and guard;
 * - a transition without a target (an edit that stays in the state, a refusal), or to the state's own
 *   ancestor or descendant, is a line in its box: refusals are always shown, other edits are counted.
 */
import type { ElkExtendedEdge, ElkNode } from "elkjs/lib/elk-api";
import type { GraphNode, GraphTransition, TransitionKind } from "./machineGraph.ts";
import { guardText, refusingRule, textWidth, triggerText, type Lang } from "./labels.ts";

export const FONT = { title: 13, small: 11 } as const;
const LINE = 15;
const PAD = 8;
const MIN_WIDTH = 110;

/** An arrow of the picture: one transition to one target. */
export interface ModelEdge {
  /** `<source id>::<index of the transition in its state>::<index of the target>` */
  id: string;
  /** `<source id>::<index of the transition>`: the transition the simulator names. */
  transitionId: string;
  source: string;
  target: string;
  kind: TransitionKind;
  trigger: string;
  guard?: string;
  transition: GraphTransition;
}

/** A line in a box: a transition that does not leave the state (or goes inside it). */
export interface BodyLine {
  transitionId: string;
  text: string;
  guard?: string;
  refusal: boolean;
  transition: GraphTransition;
}

export interface ModelNode {
  id: string;
  key: string;
  type: GraphNode["type"];
  /** The type of the parent state (a child of a parallel state is a region). */
  parentType?: GraphNode["type"];
  parent?: string;
  depth: number;
  initial: boolean;
  invokes: string[];
  lines: BodyLine[];
  /** Transitions without a target and without a guard, counted ("+12 edits that stay here"). */
  quietCount: number;
  children: string[];
  /** The size of a box without children, or of the header of a box with children. */
  headerWidth: number;
  headerHeight: number;
}

export interface PictureModel {
  id: string;
  nodes: ModelNode[];
  edges: ModelEdge[];
}

const isWithin = (id: string, ancestor: string) => id === ancestor || id.startsWith(`${ancestor}.`);

function headerLines(node: ModelNode, lang: Lang): string[] {
  const lines = [node.key];
  for (const src of node.invokes) lines.push(`${lang === "zh" ? "调用" : "invokes"} ${src}`);
  return lines;
}

/** The counted line of a box ("+ 3 events that stay here"). */
export function quietText(count: number, lang: Lang): string {
  return lang === "zh" ? `另有 ${String(count)} 个停留在此的事件` : `+ ${String(count)} events that stay here`;
}

/** The boxes and arrows of a machine, with their words in `lang` and the size of their text. */
export function buildPictureModel(root: GraphNode, lang: Lang): PictureModel {
  const nodes: ModelNode[] = [];
  const edges: ModelEdge[] = [];
  const visit = (node: GraphNode, parent: GraphNode | undefined, depth: number) => {
    const model: ModelNode = {
      id: node.id,
      key: node.key,
      type: node.type,
      depth,
      initial: parent?.type === "compound" && parent.initial === node.key,
      invokes: node.invokes,
      lines: [],
      quietCount: 0,
      children: node.children.map((c) => c.id),
      headerWidth: 0,
      headerHeight: 0,
    };
    if (parent) {
      model.parent = parent.id;
      model.parentType = parent.type;
    }
    node.transitions.forEach((t, i) => {
      const transitionId = `${node.id}::${String(i)}`;
      const trigger = triggerText(t, lang);
      const guard = guardText(t, lang);
      const arrows = t.targets.filter((target) => !isWithin(target, node.id) && !isWithin(node.id, target));
      const selfLoop = t.targets.length > 0 && t.targets.every((target) => target === node.id);
      if (arrows.length > 0 || (selfLoop && node.children.length === 0)) {
        (arrows.length > 0 ? arrows : [node.id]).forEach((target, k) =>
          edges.push({
            id: `${transitionId}::${String(k)}`,
            transitionId,
            source: node.id,
            target,
            kind: t.kind,
            trigger,
            ...(guard !== undefined ? { guard } : {}),
            transition: t,
          }),
        );
        return;
      }
      if (t.guard === undefined && t.targets.length === 0 && t.kind === "event") {
        model.quietCount += 1;
        return;
      }
      const into = t.targets.map((target) => target.slice(node.id.length + 1) || node.key).join(", ");
      model.lines.push({
        transitionId,
        text: into ? `${trigger} → ${into}` : trigger,
        ...(guard !== undefined ? { guard } : {}),
        refusal: refusingRule(t) !== undefined,
        transition: t,
      });
    });
    const texts: Array<[string, number]> = [
      ...headerLines(model, lang).map((s, i): [string, number] => [s, i === 0 ? FONT.title : FONT.small]),
      ...model.lines.flatMap((l): Array<[string, number]> => [
        [l.text, FONT.small],
        ...(l.guard ? [[l.guard, FONT.small] as [string, number]] : []),
      ]),
      ...(model.quietCount > 0 ? [[quietText(model.quietCount, lang), FONT.small] as [string, number]] : []),
    ];
    model.headerWidth = Math.max(MIN_WIDTH, ...texts.map(([s, size]) => textWidth(s, size) + 2 * PAD + 12));
    model.headerHeight = PAD + texts.length * LINE + PAD / 2;
    nodes.push(model);
    node.children.forEach((child) => visit(child, node, depth + 1));
  };
  visit(root, undefined, 0);
  return { id: root.id, nodes, edges };
}

/** The size of an arrow's label: its trigger above its guard. */
export function edgeLabelSize(edge: Pick<ModelEdge, "trigger" | "guard">): { width: number; height: number } {
  const lines = [edge.trigger, ...(edge.guard ? [edge.guard] : [])];
  return { width: Math.max(...lines.map((s) => textWidth(s, FONT.small))) + 6, height: lines.length * 13 + 4 };
}

const LAYOUT_OPTIONS = {
  "elk.algorithm": "layered",
  "elk.direction": "DOWN",
  "elk.hierarchyHandling": "INCLUDE_CHILDREN",
  "elk.json.shapeCoords": "ROOT",
  "elk.json.edgeCoords": "ROOT",
  "elk.edgeRouting": "ORTHOGONAL",
  "elk.spacing.nodeNode": "28",
  "elk.layered.spacing.nodeNodeBetweenLayers": "36",
  "elk.spacing.edgeLabel": "4",
  "elk.spacing.edgeNode": "14",
  "elk.edgeLabels.inline": "false",
  "elk.layered.thoroughness": "1",
  "elk.layered.nodePlacement.strategy": "SIMPLE",
  // the states in the order the machine declares them: the chart reads top to bottom like its code
  "elk.layered.considerModelOrder.strategy": "NODES_AND_EDGES",
  "elk.layered.crossingMinimization.forceNodeModelOrder": "true",
  "elk.layered.crossingMinimization.greedySwitch.type": "OFF",
} as const;

/** The ELK graph of the model: boxes nested as the states are, every arrow declared at the root. */
export function toElkGraph(model: PictureModel): ElkNode {
  const byId = new Map(model.nodes.map((n) => [n.id, n]));
  const elkNode = (node: ModelNode): ElkNode => {
    if (node.children.length === 0) return { id: node.id, width: node.headerWidth, height: node.headerHeight };
    return {
      id: node.id,
      layoutOptions: {
        "elk.padding": `[top=${String(node.headerHeight + 6)},left=12,bottom=12,right=12]`,
        "elk.nodeSize.constraints": "MINIMUM_SIZE",
        "elk.nodeSize.minimum": `(${String(node.headerWidth)},${String(node.headerHeight)})`,
        ...(node.type === "parallel" ? { "elk.direction": "RIGHT" } : {}),
      },
      children: node.children.map((id) => elkNode(byId.get(id)!)),
    };
  };
  const root = elkNode(model.nodes[0]!);
  const edges: ElkExtendedEdge[] = model.edges.map((edge) => ({
    id: edge.id,
    sources: [edge.source],
    targets: [edge.target],
    labels: [{ id: `${edge.id}#label`, text: edge.trigger, ...edgeLabelSize(edge) }],
  }));
  return { ...root, layoutOptions: { ...LAYOUT_OPTIONS, ...root.layoutOptions }, edges };
}

export interface Point {
  x: number;
  y: number;
}
export interface PlacedNode extends ModelNode {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface PlacedEdge extends ModelEdge {
  points: Point[];
  label?: { x: number; y: number; width: number; height: number };
}
export interface Picture {
  id: string;
  width: number;
  height: number;
  nodes: PlacedNode[];
  edges: PlacedEdge[];
  /** Where the layout came from: kept (layouts/*.json) or laid out in the worker just now. */
  source?: "kept" | "worker";
  /** The language of its words, when laid out for the page. */
  lang?: Lang;
}

/**
 * A layout as it is kept (src/features/flows/layouts/<machine>.<lang>.json, made by `npm run
 * flows:layouts`): where ELK put every box, arrow and label, rounded to a tenth of a pixel, under the
 * key of the ELK graph it was laid out from. The picture is a pure function of that graph, so a kept
 * layout whose key matches the page's own graph is the layout the worker would compute.
 */
export interface StoredLayout {
  key: string;
  width: number;
  height: number;
  /** id → [x, y, width, height] */
  nodes: Record<string, [number, number, number, number]>;
  /** id → the arrow's points as [x0, y0, x1, y1, …] and its label's box */
  edges: Record<string, { points: number[]; label?: [number, number, number, number] }>;
}

/**
 * The key of an ELK graph: FNV-1a (32 bits, hex) of its JSON. It changes with any state, arrow, label text
 * or size, or layout option: the words of a language, a guard's rule, a new transition.
 */
export function layoutKey(graph: ElkNode): string {
  const text = JSON.stringify(graph);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${hash.toString(16).padStart(8, "0")}-${String(text.length)}`;
}

const tenth = (n: number | undefined) => Math.round((n ?? 0) * 10) / 10;

/** What ELK laid out, kept compactly under `key`. */
export function storeLayout(key: string, laid: ElkNode): StoredLayout {
  const nodes: StoredLayout["nodes"] = {};
  const edges: StoredLayout["edges"] = {};
  const walk = (n: ElkNode) => {
    nodes[n.id] = [tenth(n.x), tenth(n.y), tenth(n.width), tenth(n.height)];
    n.edges?.forEach((e) => {
      const section = e.sections?.[0];
      const points = section ? [section.startPoint, ...(section.bendPoints ?? []), section.endPoint] : [];
      const l = e.labels?.[0];
      edges[e.id] = {
        points: points.flatMap((p) => [tenth(p.x), tenth(p.y)]),
        ...(l
          ? { label: [tenth(l.x), tenth(l.y), tenth(l.width), tenth(l.height)] as [number, number, number, number] }
          : {}),
      };
    });
    n.children?.forEach(walk);
  };
  walk(laid);
  return { key, width: tenth(laid.width), height: tenth(laid.height), nodes, edges };
}

/** The laid-out picture: every box and arrow where the kept layout puts it (absolute coordinates). */
export function pictureFrom(model: PictureModel, stored: StoredLayout): Picture {
  const nodes = model.nodes.map((n): PlacedNode => {
    const [x, y, width, height] = stored.nodes[n.id] ?? [0, 0, n.headerWidth, n.headerHeight];
    return { ...n, x, y, width, height };
  });
  const edges = model.edges.map((e): PlacedEdge => {
    const laid = stored.edges[e.id];
    const flat = laid?.points ?? [];
    const points: Point[] = [];
    for (let i = 0; i + 1 < flat.length; i += 2) points.push({ x: flat[i]!, y: flat[i + 1]! });
    const l = laid?.label;
    return { ...e, points, ...(l ? { label: { x: l[0], y: l[1], width: l[2], height: l[3] } } : {}) };
  });
  return { id: model.id, width: stored.width, height: stored.height, nodes, edges };
}

/** The laid-out picture: every box and arrow where ELK put it (absolute coordinates). */
export function fromElk(model: PictureModel, laid: ElkNode): Picture {
  return pictureFrom(model, storeLayout("", laid));
}
