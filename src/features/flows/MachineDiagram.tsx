import { useId, useMemo } from "react";
import type { JSX, ReactNode } from "react";
import type { AnyMachineSnapshot, AnyStateMachine } from "xstate";
import { Trans } from "@lingui/react/macro";
import {
  activeStateIds,
  eventLabel,
  extractMachineGraph,
  indexGraph,
  nodeLabel,
  type GraphNode,
  type GraphTransition,
} from "./machineGraph";

/**
 * Offline, dependency-free rendering of an XState v5 machine as nested boxes.
 *
 * - compound/parallel states contain their children; parallel regions are laid out side by side with a dashed border
 * - each box lists its own outgoing transitions as `event → target` (+ guard name in small text)
 * - the initial child is marked with a dot, final states have a double border
 * - a state that invokes actors (child machines, requests) names them ("invokes crafts, checkStock")
 * - with `snapshot`, active states get an amber ring and `aria-current="step"`
 *
 * Only identifiers (state/event/guard names) and the title are visible; the
 * screen-reader-only hints are translated with Lingui.
 */
export function MachineDiagram(props: {
  machine: AnyStateMachine;
  snapshot?: AnyMachineSnapshot;
  title: string;
  /**
   * Optional: render state names as headings starting at this level (root state),
   * children one level deeper (capped at h6). Default: no headings, names are the
   * accessible labels of `role="group"` boxes.
   */
  headingLevel?: HeadingLevel;
}): JSX.Element {
  const { machine, snapshot, title, headingLevel } = props;
  const graph = useMemo(() => extractMachineGraph(machine), [machine]);
  const index = useMemo(() => indexGraph(graph), [graph]);
  const active = useMemo(() => activeStateIds(snapshot), [snapshot]);

  return (
    // tabIndex: the figure scrolls horizontally for wide machines, so keyboard users must be able to focus it (axe scrollable-region-focusable).
    <figure
      tabIndex={0}
      className="m-0 overflow-x-auto rounded-lg border border-slate-300 bg-white p-4 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900"
    >
      <figcaption className="mb-3 text-base font-semibold text-slate-900">{title}</figcaption>
      <StateBox
        node={graph}
        headingLevel={headingLevel}
        isInitial={false}
        parentType={undefined}
        index={index}
        active={active}
      />
    </figure>
  );
}

interface StateBoxProps {
  node: GraphNode;
  headingLevel: HeadingLevel | undefined;
  isInitial: boolean;
  parentType: GraphNode["type"] | undefined;
  index: Map<string, GraphNode>;
  active: Set<string>;
}

type HeadingLevel = 2 | 3 | 4 | 5 | 6;

function Heading(props: { level: HeadingLevel | undefined; id: string; children: ReactNode }): JSX.Element {
  const className = "m-0 flex items-center gap-1.5 font-mono text-sm font-semibold text-slate-900";
  // Without a heading level the name is plain text that labels the state's group
  // (avoids breaking the page's heading order); with one, nested states use
  // successive levels, capped at h6.
  switch (props.level) {
    case undefined:
      return (
        <div id={props.id} className={className}>
          {props.children}
        </div>
      );
    case 2:
      return (
        <h2 id={props.id} className={className}>
          {props.children}
        </h2>
      );
    case 3:
      return (
        <h3 id={props.id} className={className}>
          {props.children}
        </h3>
      );
    case 4:
      return (
        <h4 id={props.id} className={className}>
          {props.children}
        </h4>
      );
    case 5:
      return (
        <h5 id={props.id} className={className}>
          {props.children}
        </h5>
      );
    case 6:
      return (
        <h6 id={props.id} className={className}>
          {props.children}
        </h6>
      );
  }
}

function boxClasses(node: GraphNode, parentType: GraphNode["type"] | undefined, isActive: boolean): string {
  const classes = ["min-w-36 rounded-md p-2"];
  if (node.type === "final") classes.push("border-4 border-double border-slate-700");
  else if (parentType === "parallel") classes.push("border-2 border-dashed border-slate-500");
  else if (node.type === "history") classes.push("border border-dotted border-slate-600");
  else classes.push("border border-slate-500");
  if (isActive) classes.push("bg-amber-50 ring-2 ring-amber-500 ring-offset-1");
  else classes.push("bg-white");
  return classes.join(" ");
}

function StateBox({ node, headingLevel, isInitial, parentType, index, active }: StateBoxProps): JSX.Element {
  const headingId = useId();
  const isActive = active.has(node.id);
  const hasChildren = node.children.length > 0;

  return (
    <div
      role="group"
      aria-labelledby={headingId}
      aria-current={isActive ? "step" : undefined}
      data-state-id={node.id}
      data-state-type={node.type}
      className={boxClasses(node, parentType, isActive)}
    >
      <Heading level={headingLevel} id={headingId}>
        {isInitial && <span aria-hidden="true" className="inline-block size-2 shrink-0 rounded-full bg-slate-900" />}
        <span>{node.key}</span>
        {node.type === "history" && (
          <span aria-hidden="true" className="font-normal text-slate-700">
            {node.history === "deep" ? "(H*)" : "(H)"}
          </span>
        )}
        <StateHints node={node} isInitial={isInitial} isActive={isActive} />
      </Heading>

      {node.invokes.length > 0 && (
        <p className="m-0 mt-1 font-mono text-xs text-slate-700">
          <Trans>invokes</Trans> {node.invokes.join(", ")}
        </p>
      )}

      {node.transitions.length > 0 && (
        <ul className="m-0 mt-1 list-none space-y-0.5 p-0 font-mono text-xs text-slate-800">
          {node.transitions.map((t, i) => (
            <TransitionRow key={`${t.event}-${String(i)}`} transition={t} index={index} />
          ))}
        </ul>
      )}

      {hasChildren && (
        <div
          className={
            node.type === "parallel"
              ? "mt-2 flex flex-row flex-nowrap items-stretch gap-3"
              : "mt-2 flex flex-row flex-wrap items-start gap-3"
          }
        >
          {node.children.map((child) => (
            <StateBox
              key={child.id}
              node={child}
              headingLevel={headingLevel === undefined ? undefined : (Math.min(headingLevel + 1, 6) as HeadingLevel)}
              isInitial={node.type === "compound" && node.initial === child.key}
              parentType={node.type}
              index={index}
              active={active}
            />
          ))}
        </div>
      )}
    </div>
  );
}

/** Screen-reader-only description of the state's role (translated). */
function StateHints({
  node,
  isInitial,
  isActive,
}: {
  node: GraphNode;
  isInitial: boolean;
  isActive: boolean;
}): JSX.Element | null {
  const hints: JSX.Element[] = [];
  if (isInitial)
    hints.push(
      <span key="initial">
        , <Trans>initial state</Trans>
      </span>,
    );
  if (node.type === "parallel")
    hints.push(
      <span key="parallel">
        , <Trans>parallel state</Trans>
      </span>,
    );
  if (node.type === "final")
    hints.push(
      <span key="final">
        , <Trans>final state</Trans>
      </span>,
    );
  if (node.type === "history")
    hints.push(
      <span key="history">
        , <Trans>history state</Trans>
      </span>,
    );
  if (isActive)
    hints.push(
      <span key="active">
        , <Trans>active state</Trans>
      </span>,
    );
  if (hints.length === 0) return null;
  return <span className="sr-only">{hints}</span>;
}

function TransitionRow({
  transition,
  index,
}: {
  transition: GraphTransition;
  index: Map<string, GraphNode>;
}): JSX.Element {
  const targets = transition.targets.map((id) => {
    const target = index.get(id);
    return target ? nodeLabel(target) : id;
  });
  return (
    <li className="flex flex-wrap items-baseline gap-x-1">
      <span className="font-semibold">{eventLabel(transition)}</span>
      {targets.length > 0 && (
        <>
          <span>→</span>
          <span>{targets.join(", ")}</span>
        </>
      )}
      {transition.guard !== undefined && <span className="text-[0.7rem] text-slate-600">[{transition.guard}]</span>}
    </li>
  );
}
