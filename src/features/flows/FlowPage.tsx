import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type * as React from "react";
import type { JSX } from "react";
import { Link, useNavigate } from "@tanstack/react-router";
import { useSelector } from "@xstate/react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { AnyActorRef, AnyMachineSnapshot, AnyTransitionDefinition } from "xstate";
import { Button } from "../../ui/Button.tsx";
import { loadedSessionActor, useSession, type SessionSnapshot } from "../session/index.ts";
import { loadCalculator, type CalculatorActor } from "../calculator/index.ts";
import { liveFlow, subscribeLiveFlow, type LiveFlow } from "../../app/liveFlows.ts";
import { GUARD_LABELS } from "../../../machines/flowLabels.ts";
import { flowById, type FlowEntry } from "./catalog.ts";
import {
  activeStateIds,
  extractMachineGraph,
  indexGraph,
  type GraphNode,
  type GraphTransition,
} from "./machineGraph.ts";
import { guardText, triggerText, type Lang } from "./labels.ts";
import { layoutPicture, pictureNow } from "./layoutClient.ts";
import type { Picture } from "./layout.ts";
import { COVERAGE_COLOURS, FlowDiagram, type CoverageMark, type GuardFocus } from "./FlowDiagram.tsx";
import { COVERAGE_MADE, coverageMarks, coverageOf } from "./coverage.ts";
import {
  createSandbox,
  parseSteps,
  transitionIdOf,
  possibleMoves,
  type Sandbox,
  type Step,
  type StepResult,
} from "./sandbox.ts";
import { langOf } from "./lang.ts";

/** `/flows/<machine>`: one flow's picture, its rules, the simulator and the text alternative. */
export function FlowPage(props: { id: string; events?: string | undefined }): JSX.Element {
  const entry = flowById(props.id);
  const { i18n } = useLingui();
  if (!entry?.machine)
    return (
      <main className="mx-auto w-[1380px] space-y-4 py-10">
        <h1 className="text-2xl font-semibold text-brand">
          <Trans>No such flow</Trans>
        </h1>
        <Link to="/flows" className="text-blue-800 underline">
          <Trans>All flows</Trans>
        </Link>
      </main>
    );
  return <Flow key={entry.id} entry={entry} lang={langOf(i18n.locale)} events={props.events} />;
}

type Machine = NonNullable<FlowEntry["machine"]>;

/** A run of the simulator: the sandbox after replaying every step, and what each step did. */
function replay(machine: Machine, graph: GraphNode, input: unknown, steps: readonly Step[]) {
  const sandbox = createSandbox(machine, graph, input);
  const results: StepResult[] = steps.map((step) => sandbox.play(step));
  return { sandbox, results };
}

function Flow({ entry, lang, events }: { entry: FlowEntry; lang: Lang; events: string | undefined }): JSX.Element {
  const { t } = useLingui();
  const navigate = useNavigate();
  const machine = entry.machine!;
  const graph = useMemo(() => extractMachineGraph(machine), [machine]);
  const index = useMemo(() => indexGraph(graph), [graph]);
  // the route's loader has loaded the kept layout: the first render draws the picture
  const [picture, setPicture] = useState<Picture | null>(() => pictureNow(graph, lang));
  const [layoutError, setLayoutError] = useState(false);
  const [guard, setGuard] = useState<GuardFocus | null>(null);
  const [steps, setSteps] = useState<Step[]>(() => parseSteps(events));
  const figureRef = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState(1);
  const fit = () => {
    const box = figureRef.current;
    if (!box || !picture) return;
    const room = Math.min(
      (box.clientWidth - 16) / (picture.width + 32),
      (box.clientHeight - 16) / (picture.height + 32),
    );
    setZoom(clampZoom(room));
    box.scrollTo(0, 0);
  };
  const zoomBy = (factor: number) => setZoom((z) => clampZoom(z * factor));
  const pan = usePan(figureRef);
  const coverage = coverageOf(entry.id);
  const marks = useMemo(() => (coverage ? coverageMarks(graph, coverage) : undefined), [graph, coverage]);
  const [showCoverage, setShowCoverage] = useState(true);

  useEffect(() => {
    let live = true;
    if (picture?.id === graph.id && picture.lang === lang) {
      performance.measure(`flows:laid-out:${graph.id}`, `flows:layout:${graph.id}`);
      return;
    }
    performance.mark(`flows:layout:${graph.id}`);
    layoutPicture(graph, lang).then(
      (p) => {
        performance.measure(`flows:laid-out:${graph.id}`, `flows:layout:${graph.id}`);
        if (live) setPicture(p);
      },
      () => live && setLayoutError(true),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- laid out again only for another graph or language
  }, [graph, lang]);

  // bench/flows.ts reads this measure: from asking for the layout to the first frame that shows the picture.
  // The simulator and the text alternative (a third of the page's elements, under the picture) are built
  // in the task after that frame, so that the picture paints first
  // (when the first render has no picture yet, nothing waits for it)
  const [below, setBelow] = useState(picture === null);
  useEffect(() => {
    if (!picture) return;
    let live = true;
    requestAnimationFrame(() =>
      setTimeout(() => {
        performance.measure(`flows:painted:${picture.id}`, `flows:layout:${picture.id}`);
        if (live) setBelow(true);
      }),
    );
    return () => {
      live = false;
    };
  }, [picture]);

  const run = useMemo(() => replay(machine, graph, entry.input, steps), [machine, graph, entry.input, steps]);
  useEffect(() => () => run.sandbox.stop(), [run]);

  const changeSteps = (next: Step[]) => {
    setSteps(next);
    void navigate({
      to: "/flows/$machine",
      params: { machine: entry.id },
      search: next.length > 0 ? { events: next.join(",") } : {},
      replace: true,
    });
  };

  const { active: liveActive, last: liveLast } = useLiveState(entry.id);
  const simulating = steps.length > 0 || liveActive === undefined;
  const sandboxSnapshot = run.sandbox.snapshot();
  const active = simulating || !liveActive ? activeStateIds(sandboxSnapshot) : liveActive;
  const last = run.results.at(-1);

  const download = () => {
    const svg = figureRef.current?.querySelector("svg");
    if (!svg) return;
    // the picture at its own size, whatever the zoom
    const copy = svg.cloneNode(true) as SVGSVGElement;
    const [, , width, height] = (svg.getAttribute("viewBox") ?? "").split(" ");
    if (width && height) {
      copy.setAttribute("width", width);
      copy.setAttribute("height", height);
    }
    const blob = new Blob([new XMLSerializer().serializeToString(copy)], { type: "image/svg+xml" });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = `${entry.id}.svg`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <main className="mx-auto w-[1380px] space-y-6 py-8">
      <nav aria-label={t`Breadcrumb`}>
        <Link to="/flows" className="text-sm text-blue-800 underline">
          <Trans>All flows</Trans>
        </Link>
      </nav>
      <header className="flex items-start justify-between gap-6">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold text-brand">{entry.title[lang]}</h1>
          <p className="m-0 text-slate-700">{entry.description[lang]}</p>
        </div>
        <Button type="button" variant="secondary" onClick={download} disabled={!picture}>
          <Trans>Download SVG</Trans>
        </Button>
      </header>
      <Legend />
      {!simulating && liveActive && (
        <p data-testid="live-note" className="m-0 text-sm font-semibold text-amber-800">
          <Trans>Live: lit in amber, the state of this flow running in the app (this tab or another).</Trans>
        </p>
      )}
      {marks && (
        <CoverageLegend
          marks={marks}
          browserMeasured={coverage?.browser != null}
          show={showCoverage}
          onShow={setShowCoverage}
        />
      )}
      <figure className="m-0 rounded-lg border border-slate-300 bg-white">
        <figcaption className="border-b border-slate-200 px-4 py-2 font-mono text-sm font-semibold text-slate-900">
          {entry.id}
        </figcaption>
        <div
          role="toolbar"
          aria-label={t`Zoom`}
          className="flex items-center gap-2 border-b border-slate-200 px-4 py-1 text-sm"
        >
          <Button type="button" variant="secondary" size="sm" onClick={() => zoomBy(1 / 1.25)} aria-keyshortcuts="-">
            <Trans>Zoom out</Trans>
          </Button>
          <Button type="button" variant="secondary" size="sm" onClick={() => zoomBy(1.25)} aria-keyshortcuts="+">
            <Trans>Zoom in</Trans>
          </Button>
          <Button type="button" variant="secondary" size="sm" onClick={fit} disabled={!picture} aria-keyshortcuts="0">
            <Trans>Zoom to fit</Trans>
          </Button>
          <Button type="button" variant="secondary" size="sm" onClick={() => setZoom(1)} aria-keyshortcuts="1">
            <Trans>Actual size</Trans>
          </Button>
          <span data-testid="zoom" className="tabular-nums text-slate-700">
            {Math.round(zoom * 100)}%
          </span>
          <span className="text-slate-600">
            <Trans>In the picture: + and − zoom, 0 fits, arrow keys or dragging pan.</Trans>
          </span>
        </div>
        <div
          ref={figureRef}
          data-layout={picture?.source}
          tabIndex={0}
          aria-label={t`The picture of ${entry.id}; scroll to see all of it`}
          className="max-h-[70vh] cursor-grab overflow-auto p-2 focus-visible:outline-2 focus-visible:outline-slate-900"
          onKeyDown={(e) => {
            if (e.altKey || e.ctrlKey || e.metaKey) return;
            const act = {
              "+": () => zoomBy(1.25),
              "=": () => zoomBy(1.25),
              "-": () => zoomBy(1 / 1.25),
              "0": fit,
              "1": () => setZoom(1),
            }[e.key];
            if (!act) return;
            e.preventDefault();
            act();
          }}
          {...pan}
        >
          {picture ? (
            <FlowDiagram
              picture={picture}
              lang={lang}
              title={t`Statechart of ${entry.id}`}
              active={active}
              lastTransition={simulating ? last?.taken[0] : liveLast}
              coverage={showCoverage ? marks : undefined}
              onGuard={setGuard}
              scale={zoom}
            />
          ) : (
            <p role="status" className="p-4 text-slate-700">
              {layoutError ? <Trans>The picture could not be laid out.</Trans> : <Trans>Laying out the picture…</Trans>}
            </p>
          )}
        </div>
      </figure>
      <GuardDetails focus={guard} lang={lang} />
      {below && (
        <>
          <Simulator
            entry={entry}
            graph={graph}
            lang={lang}
            sandbox={run.sandbox}
            snapshot={sandboxSnapshot}
            steps={steps}
            last={last}
            index={index}
            onSteps={changeSteps}
          />
          <TextAlternative graph={graph} index={index} lang={lang} />
        </>
      )}
    </main>
  );
}

const wholeSession = (s: SessionSnapshot) => s;

const clampZoom = (z: number) => Math.min(3, Math.max(0.1, Math.round(z * 100) / 100));

/** Dragging the picture pans it (scrolls its box); the keyboard pans with the arrow keys, natively. */
function usePan(box: React.RefObject<HTMLDivElement | null>) {
  const from = useRef<{ x: number; y: number } | null>(null);
  return {
    onPointerDown: (e: React.PointerEvent) => {
      if (e.button !== 0 || (e.target as Element).closest("[tabindex='0'][data-guard]")) return;
      from.current = { x: e.clientX, y: e.clientY };
    },
    onPointerMove: (e: React.PointerEvent) => {
      if (!from.current || !box.current) return;
      box.current.scrollBy(from.current.x - e.clientX, from.current.y - e.clientY);
      from.current = { x: e.clientX, y: e.clientY };
    },
    onPointerUp: () => {
      from.current = null;
    },
    onPointerLeave: () => {
      from.current = null;
    },
  };
}

/**
 * The transition the app's own running actor of this flow took last (`<state id>::<index>`), watched
 * through its system's inspection from the moment the page opens.
 */
function useLiveLastTransition(id: string, calculator: AnyActorRef | null): string | undefined {
  const [last, setLast] = useState<string | undefined>(undefined);
  useEffect(() => {
    const actor = id === "session" ? loadedSessionActor() : id === "calculator" ? calculator : null;
    if (!actor) return;
    const subscription = actor.system.inspect((event) => {
      if (event.type !== "@xstate.microstep" || event.actorRef !== actor) return;
      const first = (event as unknown as { _transitions: AnyTransitionDefinition[] })._transitions[0];
      if (first) setLast(transitionIdOf(first));
    });
    return () => subscription.unsubscribe();
  }, [id, calculator]);
  return last;
}

/** An order flow's live state, published by its page in this tab or another (src/app/liveFlows.ts). */
function useLiveFlow(id: string): LiveFlow | undefined {
  return useSyncExternalStore(
    useCallback((changed: () => void) => subscribeLiveFlow(id, changed), [id]),
    () => liveFlow(id),
  );
}

/**
 * The live state of this flow where the app runs it: the session and the calculator (this tab's own
 * actors), the order flows (their pages publish it, from this tab or another): the active state ids and
 * the transition taken last.
 */
function useLiveState(id: string): { active: Set<string> | undefined; last: string | undefined } {
  const session = useSession(wholeSession, undefined);
  const [calculator, setCalculator] = useState<CalculatorActor | null>(null);
  useEffect(() => {
    if (id !== "calculator") return;
    let live = true;
    loadCalculator().then(
      (actor) => live && setCalculator(actor),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [id]);
  const calculatorSnapshot = useSelector(calculator ?? undefined, (s) => s);
  const last = useLiveLastTransition(id, calculator);
  const published = useLiveFlow(id);
  if (id === "session") return { active: session && activeStateIds(session as AnyMachineSnapshot), last };
  if (id === "calculator")
    return { active: calculatorSnapshot && activeStateIds(calculatorSnapshot as AnyMachineSnapshot), last };
  return { active: published && new Set(published.active), last: published?.last };
}

function Legend(): JSX.Element {
  return (
    <ul className="m-0 flex list-none flex-wrap gap-x-6 gap-y-1 p-0 text-sm text-slate-700">
      <li>
        <Trans>● initial state</Trans>
      </li>
      <li>
        <Trans>double border: final state</Trans>
      </li>
      <li>
        <Trans>dashed box: a region of a parallel state (∥)</Trans>
      </li>
      <li>
        <Trans>dashed arrow: after a delay; dotted arrow: at once, without an event</Trans>
      </li>
      <li>
        <Trans>amber: the live state and the last transition</Trans>
      </li>
      <li>
        <Trans>✕ red line: a refusal, with the rule that refuses</Trans>
      </li>
    </ul>
  );
}

/** What walks the transitions: the colours, how many of each, and when the data was made. */
function CoverageLegend(props: {
  marks: ReadonlyMap<string, CoverageMark>;
  browserMeasured: boolean;
  show: boolean;
  onShow: (show: boolean) => void;
}): JSX.Element {
  const count = (mark: CoverageMark) => [...props.marks.values()].filter((m) => m === mark).length;
  const made = COVERAGE_MADE;
  const both = count("both");
  const headless = count("headless");
  const browser = count("browser");
  const none = count("none");
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-1 text-sm text-slate-800" data-testid="coverage-legend">
      <label className="flex items-center gap-2 font-semibold">
        <input type="checkbox" checked={props.show} onChange={(e) => props.onShow(e.target.checked)} />
        <Trans>Colour by what the tests walk (data of {made})</Trans>
      </label>
      <span>
        <Swatch colour={COVERAGE_COLOURS.both} /> <Trans>both: {both}</Trans>
      </span>
      <span>
        <Swatch colour={COVERAGE_COLOURS.headless} /> <Trans>headless model tours: {headless}</Trans>
      </span>
      <span>
        <Swatch colour={COVERAGE_COLOURS.browser} /> <Trans>Chromium tours: {browser}</Trans>
      </span>
      <span>
        <Swatch colour={COVERAGE_COLOURS.none} /> <Trans>no test: {none}</Trans>
      </span>
      {!props.browserMeasured && (
        <span className="text-slate-600">
          <Trans>(the Chromium tours of this flow are not measured yet)</Trans>
        </span>
      )}
    </div>
  );
}

function Swatch({ colour }: { colour: string }): JSX.Element {
  return (
    <span
      aria-hidden="true"
      className="inline-block size-3 rounded-full align-middle"
      style={{ backgroundColor: colour }}
    />
  );
}

/** The whole rule of a guard the reader hovers or focuses: its IDs, description and the refusal a user sees. */
function GuardDetails({ focus, lang }: { focus: GuardFocus | null; lang: Lang }): JSX.Element {
  return (
    <section
      aria-live="polite"
      aria-label={lang === "zh" ? "规则" : "Rule"}
      className="min-h-16 rounded-lg bg-slate-50 p-3 text-sm"
    >
      {focus ? (
        <ul className="m-0 list-none space-y-1 p-0">
          {focus.transition.guardRefs.map((ref) => {
            const entry = GUARD_LABELS[ref.name];
            return (
              <li key={ref.name} data-testid="guard-details">
                <span className="font-mono font-semibold">{ref.negated ? `not(${ref.name})` : ref.name}</span>
                {entry && (
                  <>
                    {" "}
                    <span className="font-semibold">{entry.rules.join(", ")}</span>: {entry[lang]}
                    {entry.refusal && (
                      <>
                        {" "}
                        <Trans>The user sees:</Trans> “{entry.refusal[lang]}”
                      </>
                    )}
                  </>
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="m-0 text-slate-600">
          <Trans>Hover or focus a guard (brown text) to read its rule and the message a user sees.</Trans>
        </p>
      )}
    </section>
  );
}

function stateText(snapshot: AnyMachineSnapshot): string {
  return typeof snapshot.value === "string" ? snapshot.value : JSON.stringify(snapshot.value);
}

function Simulator(props: {
  entry: FlowEntry;
  graph: GraphNode;
  lang: Lang;
  sandbox: Sandbox;
  snapshot: AnyMachineSnapshot;
  steps: Step[];
  last: StepResult | undefined;
  index: Map<string, GraphNode>;
  onSteps: (steps: Step[]) => void;
}): JSX.Element {
  const { entry, graph, lang, sandbox, snapshot, steps, last, onSteps } = props;
  const { t } = useLingui();
  const moves = possibleMoves(graph, activeStateIds(snapshot));
  const lastStep = steps.at(-1);
  const refusal = last?.refusedBy ? GUARD_LABELS[last.refusedBy] : undefined;
  const share = typeof location === "undefined" ? "" : location.href;
  const used = usedGuards(graph);
  return (
    <section
      aria-labelledby="simulator-heading"
      className="space-y-3 rounded-lg border border-slate-300 bg-white p-4 [contain-intrinsic-size:auto_600px] [content-visibility:auto]"
    >
      <h2 id="simulator-heading" className="text-lg font-semibold text-slate-900">
        <Trans>Simulator</Trans>
      </h2>
      <p className="m-0 text-sm text-slate-700">
        <Trans>
          Play the flow in a sandbox: nothing is sent to the server. Each button is an event the current state accepts;
          switch a rule off to see the step it refuses.
        </Trans>
      </p>
      <p className="m-0">
        <Trans>State:</Trans>{" "}
        <span data-testid="sim-state" className="font-mono text-sm">
          {stateText(snapshot)}
        </span>
      </p>
      {snapshot.status === "error" && (
        <p role="alert" className="m-0 text-sm text-red-800">
          <Trans>The sandbox stopped: an action of the flow failed on a simulated answer. Reset to play again.</Trans>
        </p>
      )}
      <div role="status" data-testid="sim-outcome" className="min-h-6 text-sm">
        {lastStep !== undefined &&
          !lastStep.startsWith("!") &&
          last &&
          (refusal && last.refusedBy ? (
            <span className="text-red-800">
              <Trans>
                Refused by {refusal.rules.join(", ")} ({last.refusedBy}): {refusal[lang]}. The user sees “
                {refusal.refusal?.[lang] ?? ""}”.
              </Trans>
            </span>
          ) : last.taken.length === 0 ? (
            <span className="text-slate-700">
              <Trans>Nothing happened: no transition took {lastStep}.</Trans>
            </span>
          ) : (
            <span className="text-green-800">
              <Trans>{lastStep} was taken.</Trans>
            </span>
          ))}
      </div>
      <div className="flex flex-wrap gap-2" role="group" aria-label={t`Events possible now`}>
        {moves.map((move) => (
          <Button
            key={move.key}
            type="button"
            variant="secondary"
            size="sm"
            onClick={() => onSteps([...steps, move.key])}
          >
            {triggerText(move.transition, lang)}
          </Button>
        ))}
        {moves.length === 0 && (
          <span className="text-sm text-slate-700">
            <Trans>No event is possible: the flow has ended.</Trans>
          </span>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="secondary" size="sm" onClick={() => onSteps([])} disabled={steps.length === 0}>
          <Trans>Reset</Trans>
        </Button>
        {steps.length > 0 && (
          <a href={share} className="text-sm text-blue-800 underline">
            <Trans>Link to this run</Trans>
          </a>
        )}
        <span className="text-sm text-slate-600">
          <Plural value={steps.length} one="# step" other="# steps" />
        </span>
      </div>
      <fieldset className="rounded border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold">
          <Trans>Rules (checked: the rule holds)</Trans>
        </legend>
        <div className="grid grid-cols-3 gap-x-4 gap-y-1">
          {[...sandbox.guards.entries()]
            .filter(([name]) => used.has(name))
            .map(([name, holds]) => {
              const entryOf = GUARD_LABELS[name];
              return (
                <label key={name} className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={holds}
                    onChange={() => onSteps([...steps, `!${name}`])}
                    className="mt-1"
                  />
                  <span>
                    <span className="font-mono">{name}</span>
                    {entryOf && <span className="text-slate-700"> — {entryOf[lang]}</span>}
                  </span>
                </label>
              );
            })}
        </div>
      </fieldset>
      <p className="m-0 font-mono text-xs text-slate-600" data-testid="sim-steps">
        {entry.id}: {steps.join(" → ")}
      </p>
    </section>
  );
}

/** The named guards the machine's own transitions read (a shared setup declares more). */
function usedGuards(graph: GraphNode): Set<string> {
  const names = new Set<string>();
  const visit = (node: GraphNode) => {
    node.transitions.forEach((t) => t.guardRefs.forEach((ref) => names.add(ref.name)));
    node.children.forEach(visit);
  };
  visit(graph);
  return names;
}

function targetText(t: GraphTransition, index: Map<string, GraphNode>): string {
  return t.targets.map((id) => index.get(id)?.path.join(".") ?? id).join(", ");
}

/** The text alternative: every state with its kind and every transition with its trigger, guard and target. */
function TextAlternative({ graph, index, lang }: { graph: GraphNode; index: Map<string, GraphNode>; lang: Lang }) {
  const { t } = useLingui();
  const kind = (node: GraphNode, parent: GraphNode | undefined): string => {
    const parts: string[] = [];
    if (parent?.type === "compound" && parent.initial === node.key) parts.push(t`initial state`);
    if (node.type === "parallel") parts.push(t`parallel state`);
    if (node.type === "final") parts.push(t`final state`);
    if (node.invokes.length > 0) parts.push(t`invokes ${node.invokes.join(", ")}`);
    return parts.join(", ");
  };
  const item = (node: GraphNode, parent: GraphNode | undefined): JSX.Element => (
    <li key={node.id}>
      <span className="font-mono font-semibold">{node.path.join(".") || node.key}</span>
      {kind(node, parent) && <span className="text-slate-700"> ({kind(node, parent)})</span>}
      {node.transitions.length > 0 && (
        <ul className="list-disc pl-6">
          {node.transitions.map((tr, i) => {
            const target = targetText(tr, index);
            const guard = guardText(tr, lang);
            return (
              <li key={i}>
                {triggerText(tr, lang)}
                {guard ? ` [${guard}]` : ""}
                {target ? ` → ${target}` : ""}
              </li>
            );
          })}
        </ul>
      )}
      {node.children.length > 0 && <ul className="list-none pl-4">{node.children.map((c) => item(c, node))}</ul>}
    </li>
  );
  return (
    <section
      aria-labelledby="text-alternative"
      className="rounded-lg border border-slate-300 bg-white p-4 text-sm [contain-intrinsic-size:auto_2000px] [content-visibility:auto]"
    >
      <h2 id="text-alternative" className="mb-2 text-lg font-semibold text-slate-900">
        <Trans>States and transitions</Trans>
      </h2>
      <ul className="m-0 list-none p-0">{item(graph, undefined)}</ul>
    </section>
  );
}
