import type { JSX } from "react";
import { FONT, quietText, type Picture, type PlacedEdge, type PlacedNode, type Point } from "./layout.ts";
import type { Lang } from "./labels.ts";
import type { GraphTransition } from "./machineGraph.ts";

/** What walks a transition (tests/coverage data): the colour of its arrow. */
export type CoverageMark = "headless" | "browser" | "both" | "none";

export const COVERAGE_COLOURS: Record<CoverageMark, string> = {
  both: "#15803d",
  headless: "#1d4ed8",
  browser: "#7e22ce",
  none: "#b91c1c",
};

export interface GuardFocus {
  transition: GraphTransition;
}

/**
 * A laid-out machine drawn as SVG: boxes nested as the states are (a parallel state's regions dashed,
 * final states with a double border, the initial state marked by a dot and a short arrow), arrows
 * labelled with their trigger and guard (delayed arrows dashed, eventless ones dotted), invoked actors
 * named on their state. The live states are lit and the last transition taken is drawn thick.
 * The SVG holds only drawing attributes (no classes), so that it can be downloaded as it is.
 */
export function FlowDiagram(props: {
  picture: Picture;
  lang: Lang;
  title: string;
  active: ReadonlySet<string>;
  lastTransition?: string | undefined;
  coverage?: ReadonlyMap<string, CoverageMark> | undefined;
  onGuard?: (focus: GuardFocus | null) => void;
  /** The zoom: the drawn size over the picture's own (the viewBox keeps the picture's coordinates). */
  scale?: number;
}): JSX.Element {
  const { picture, lang, title, active, lastTransition, coverage, onGuard } = props;
  const scale = props.scale ?? 1;
  const margin = 16;
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      role="group"
      aria-label={title}
      data-flow-picture={picture.id}
      width={Math.ceil((picture.width + 2 * margin) * scale)}
      height={Math.ceil((picture.height + 2 * margin) * scale)}
      viewBox={`${String(-margin)} ${String(-margin)} ${String(Math.ceil(picture.width + 2 * margin))} ${String(Math.ceil(picture.height + 2 * margin))}`}
      fontFamily="ui-sans-serif, system-ui, 'Noto Sans SC', sans-serif"
    >
      <defs>
        <marker
          id={`arrow-${picture.id}`}
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto-start-reverse"
        >
          <path d="M 0 0 L 10 5 L 0 10 z" fill="#334155" />
        </marker>
        <marker
          id={`arrow-hot-${picture.id}`}
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="6"
          markerHeight="6"
          orient="auto-start-reverse"
        >
          <path d="M 0 0 L 10 5 L 0 10 z" fill="#d97706" />
        </marker>
      </defs>
      <rect
        x={-margin}
        y={-margin}
        width={picture.width + 2 * margin}
        height={picture.height + 2 * margin}
        fill="#ffffff"
      />
      {picture.nodes.map((node) => (
        <StateBox
          key={node.id}
          node={node}
          lang={lang}
          active={active.has(node.id)}
          coverage={coverage}
          onGuard={onGuard}
        />
      ))}
      {picture.edges.map((edge) => (
        <Arrow
          key={edge.id}
          edge={edge}
          pictureId={picture.id}
          hot={edge.transitionId === lastTransition}
          mark={coverage?.get(edge.transitionId)}
          onGuard={onGuard}
        />
      ))}
    </svg>
  );
}

function StateBox(props: {
  node: PlacedNode;
  lang: Lang;
  active: boolean;
  coverage: ReadonlyMap<string, CoverageMark> | undefined;
  onGuard: ((focus: GuardFocus | null) => void) | undefined;
}): JSX.Element {
  const { node, lang, active, coverage, onGuard } = props;
  const region = node.parentType === "parallel";
  const root = node.depth === 0;
  let y = node.y + 8 + FONT.title;
  const texts: JSX.Element[] = [];
  texts.push(
    <text key="name" x={node.x + 10} y={y} fontSize={FONT.title} fontWeight={600} fill="#0f172a">
      {node.key}
      {node.type === "parallel" ? " ∥" : ""}
    </text>,
  );
  for (const src of node.invokes) {
    y += 15;
    texts.push(
      <text key={`inv-${src}`} x={node.x + 10} y={y} fontSize={FONT.small} fill="#475569" fontStyle="italic">
        {`${lang === "zh" ? "调用" : "invokes"} ${src}`}
      </text>,
    );
  }
  for (const line of node.lines) {
    y += 15;
    const mark = coverage?.get(line.transitionId);
    if (mark)
      texts.push(
        <circle
          key={`c-${line.transitionId}`}
          cx={node.x + 5}
          cy={y - 4}
          r={3}
          fill={COVERAGE_COLOURS[mark]}
          data-coverage={mark}
        />,
      );
    texts.push(
      <text
        key={`l-${line.transitionId}`}
        x={node.x + 10}
        y={y}
        fontSize={FONT.small}
        fill={line.refusal ? "#b91c1c" : "#1e293b"}
      >
        {line.refusal ? "✕ " : ""}
        {line.text}
      </text>,
    );
    if (line.guard) {
      y += 15;
      const guardY = y;
      texts.push(
        <GuardText
          key={`g-${line.transitionId}`}
          x={node.x + 18}
          y={guardY}
          text={line.guard}
          transition={line.transition}
          onGuard={onGuard}
        />,
      );
    }
  }
  if (node.quietCount > 0) {
    y += 15;
    texts.push(
      <text key="quiet" x={node.x + 10} y={y} fontSize={FONT.small} fill="#64748b">
        {quietText(node.quietCount, lang)}
      </text>,
    );
  }
  return (
    <g
      data-state-id={node.id}
      data-state-type={node.type}
      data-active={active ? "true" : undefined}
      aria-current={active ? "step" : undefined}
    >
      {!root && (
        <rect
          x={node.x}
          y={node.y}
          width={node.width}
          height={node.height}
          rx={8}
          fill={active ? "#fef3c7" : region ? "#f8fafc" : "#ffffff"}
          stroke={active ? "#d97706" : "#64748b"}
          strokeWidth={active ? 2.5 : 1.2}
          strokeDasharray={region ? "6 4" : undefined}
        />
      )}
      {node.type === "final" && (
        <rect
          x={node.x + 3}
          y={node.y + 3}
          width={node.width - 6}
          height={node.height - 6}
          rx={6}
          fill="none"
          stroke="#334155"
          strokeWidth={1.2}
        />
      )}
      {node.initial && (
        <g aria-hidden="true">
          <circle cx={node.x - 2} cy={node.y - 10} r={4} fill="#0f172a" />
          <path
            d={`M ${String(node.x + 1)} ${String(node.y - 7)} L ${String(node.x + 8)} ${String(node.y)}`}
            stroke="#0f172a"
            strokeWidth={1.5}
          />
        </g>
      )}
      {texts}
    </g>
  );
}

function GuardText(props: {
  x: number;
  y: number;
  text: string;
  transition: GraphTransition;
  onGuard: ((focus: GuardFocus | null) => void) | undefined;
}): JSX.Element {
  const { x, y, text, transition, onGuard } = props;
  const show = () => onGuard?.({ transition });
  const hide = () => onGuard?.(null);
  return (
    <text
      x={x}
      y={y}
      fontSize={FONT.small}
      fill="#7c2d12"
      tabIndex={onGuard ? 0 : undefined}
      role={onGuard ? "button" : undefined}
      data-guard={transition.guard}
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
    >
      {text}
    </text>
  );
}

const pathOf = (points: readonly Point[]) =>
  points.map((p, i) => `${i === 0 ? "M" : "L"} ${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(" ");

function Arrow(props: {
  edge: PlacedEdge;
  pictureId: string;
  hot: boolean;
  mark: CoverageMark | undefined;
  onGuard: ((focus: GuardFocus | null) => void) | undefined;
}): JSX.Element | null {
  const { edge, pictureId, hot, mark, onGuard } = props;
  if (edge.points.length < 2) return null;
  const colour = hot ? "#d97706" : mark ? COVERAGE_COLOURS[mark] : "#334155";
  const label = edge.label;
  return (
    <g data-transition={edge.transitionId} data-hot={hot ? "true" : undefined} data-coverage={mark}>
      <path
        d={pathOf(edge.points)}
        fill="none"
        stroke={colour}
        strokeWidth={hot ? 3 : 1.3}
        strokeDasharray={edge.kind === "after" ? "7 4" : edge.kind === "always" ? "2 3" : undefined}
        markerEnd={`url(#${hot ? "arrow-hot" : "arrow"}-${pictureId})`}
      />
      {label && (
        <g>
          <rect x={label.x} y={label.y} width={label.width} height={label.height} fill="#ffffff" fillOpacity={0.9} />
          <text
            x={label.x + 3}
            y={label.y + 12}
            fontSize={FONT.small}
            fontWeight={600}
            fill={hot ? "#b45309" : "#0f172a"}
          >
            {edge.trigger}
          </text>
          {edge.guard && (
            <GuardText
              x={label.x + 3}
              y={label.y + 25}
              text={edge.guard}
              transition={edge.transition}
              onGuard={onGuard}
            />
          )}
        </g>
      )}
    </g>
  );
}
