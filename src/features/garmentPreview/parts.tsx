import type { ReactNode } from "react";
import type { PreviewFigure } from "./preview.ts";

/**
 * What every figure's drawing shares: the paints (cloth, ink, seams, buttons), the layer group that
 * names the slot, variant and craft it draws (what the tests and the browser check), and the mirror
 * that draws a garment's left half once for both sides.
 */
export interface Paints {
  /** The cloth: the fabric's pattern, or a plain paint when no fabric is known. */
  cloth: string;
  /** Outlines. */
  ink: string;
  /** Seams, darts and creases drawn on the cloth (lighter on dark cloth). */
  seam: string;
  /** What shows inside the garment (the shirt in a jacket's neckline, the inside of a collar). */
  inside: string;
  lining: string;
}

export interface FigureView {
  size: Sized;
  draw: (figure: PreviewFigure, paints: Paints) => ReactNode;
}

export interface FigureDrawing {
  front: FigureView;
  back?: FigureView;
}

/** A view's width and height for a figure (they change with the length, the leg and the series). */
export type Sized = (spec: Readonly<Record<string, string>>) => { width: number; height: number };

const stroke = { vectorEffect: "non-scaling-stroke", strokeLinejoin: "round", strokeLinecap: "round" } as const;

/** The outline of a cloth part. */
export const outline = (paints: Paints, fill = paints.cloth) => ({
  ...stroke,
  fill,
  stroke: paints.ink,
  strokeWidth: 1.2,
});
/** A seam or fold drawn on the cloth. */
export const seam = (paints: Paints) => ({
  ...stroke,
  fill: "none",
  stroke: paints.seam,
  strokeWidth: 0.8,
});
/** Topstitching. */
export const stitch = (paints: Paints) => ({
  ...stroke,
  fill: "none",
  stroke: paints.seam,
  strokeWidth: 0.7,
  strokeDasharray: "2 1.6",
});

/** Button colours by the button choice (jackets, trousers, waistcoats, shirts). */
const BUTTON_FILL: Record<string, string> = {
  horn: "#4a3426",
  corozo: "#8c6b4a",
  metal: "#b9a15a",
  pearl: "#f4efe6",
  standard: "#fbfbfa",
  thick: "#efe6d2",
};

export function Button(props: { x: number; y: number; r?: number; kind: string; paints: Paints }) {
  const r = props.r ?? 1.6;
  return (
    <circle
      cx={props.x}
      cy={props.y}
      r={props.kind === "thick" ? r * 1.15 : r}
      fill={BUTTON_FILL[props.kind] ?? BUTTON_FILL.horn}
      stroke={props.paints.ink}
      strokeWidth={0.7}
      vectorEffect="non-scaling-stroke"
    />
  );
}

/** The group of a drawn layer, named by its slot, variant and the craft that chose it. */
export function Layer(props: { figure: PreviewFigure; slot: string; children?: ReactNode }) {
  const layer = props.figure.layers.find((l) => l.slot === props.slot);
  return (
    <g data-layer={props.slot} data-variant={layer?.variant} data-craft={layer?.craft ?? undefined}>
      {props.children}
    </g>
  );
}

/** Draws a left half, then its mirror image about x = centre. */
export function Mirrored(props: { centre: number; children: ReactNode }) {
  return (
    <>
      {props.children}
      <g transform={`translate(${2 * props.centre} 0) scale(-1 1)`}>{props.children}</g>
    </>
  );
}

/** A number of fit: the ease added at each side of the body. */
export const easeOf = (fit: string | undefined, loose = 4, slim = -3) =>
  fit === "loose" ? loose : fit === "slim" ? slim : 0;

/** Evenly spaced values from a to b (n ≥ 1). */
export const spaced = (a: number, b: number, n: number) =>
  Array.from({ length: n }, (_, i) => (n === 1 ? a : a + ((b - a) * i) / (n - 1)));
