import { useId, type ReactNode } from "react";
import type { GarmentPreview, PreviewFigure, PreviewFill } from "./preview.ts";
import type { FigureDrawing, FigureView, Paints } from "./parts.tsx";
import { jacketDrawing } from "./jacket.tsx";
import { trousersDrawing } from "./trousers.tsx";
import { shirtDrawing } from "./shirt.tsx";
import { waistcoatDrawing } from "./waistcoat.tsx";
import { neckwearDrawing } from "./neckwear.tsx";

/**
 * The preview as one SVG: the main figure from the front and (smaller) from the back, then the
 * other figures from the front, side by side with their tops aligned, as a tailor's flat sketch.
 * The cloth is filled with the fabric's colour and pattern.
 */
const DRAWINGS: Record<PreviewFigure["kind"], FigureDrawing> = {
  jacket: jacketDrawing,
  trousers: trousersDrawing,
  shirt: shirtDrawing,
  waistcoat: waistcoatDrawing,
  neckwear: neckwearDrawing,
};

const BACK_SCALE = 0.58;
const GAP = 14;
const MARGIN = 4;
const INK = "#1d1d1f";
/** Below this luma (0..255) a cloth is too dark for dark outlines. */
const DARK_LUMA = 90;
const luma = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
};

interface Placed {
  key: string;
  figure: PreviewFigure;
  view: FigureView;
  side: "front" | "back";
  x: number;
  scale: number;
}

function layout(preview: GarmentPreview) {
  const placed: Placed[] = [];
  let x = MARGIN;
  let height = 0;
  preview.figures.forEach((figure, i) => {
    const drawing = DRAWINGS[figure.kind];
    const views: Array<["front" | "back", FigureView, number]> = [["front", drawing.front, 1]];
    if (i === 0 && drawing.back) views.push(["back", drawing.back, BACK_SCALE]);
    for (const [side, view, scale] of views) {
      const size = view.size(figure.spec);
      placed.push({ key: `${figure.kind}-${side}`, figure, view, side, x, scale });
      x += size.width * scale + GAP;
      height = Math.max(height, size.height * scale);
    }
  });
  return { placed, width: Math.max(x - GAP + MARGIN, 1), height: height + 2 * MARGIN };
}

function paintsOf(fill: PreviewFill, clothId: string): Paints {
  const base = { ink: INK, inside: "#f6f5f2", lining: "#cfc6b8" };
  if (fill.kind === "fabric") {
    // on a dark cloth the outlines take the cloth's light line colour, or lapels and pockets would vanish
    const ink = luma(fill.look.colour.hex) < DARK_LUMA ? fill.look.line : INK;
    return { ...base, ink, cloth: `url(#${clothId})`, seam: fill.look.line };
  }
  if (fill.kind === "customer") return { ...base, cloth: "#e9e4dc", seam: "#7b756c" };
  return { ...base, cloth: "#ffffff", seam: "#8b9099" };
}

/** The fabric's pattern tile: a twill texture, and its stripes, checks or herringbone. */
function Cloth({ id, fill }: { id: string; fill: PreviewFill }): ReactNode {
  if (fill.kind !== "fabric") return null;
  const { colour, line, pattern } = fill.look;
  const lineProps = { stroke: line, fill: "none" } as const;
  switch (pattern) {
    case "stripe":
      return (
        <pattern id={id} patternUnits="userSpaceOnUse" width={6} height={6}>
          <rect width={6} height={6} fill={colour.hex} />
          <path d="M0 6 L6 0" {...lineProps} strokeWidth={0.3} opacity={0.2} />
          <rect x={0} width={0.45} height={6} fill={line} opacity={0.85} />
        </pattern>
      );
    case "check":
      return (
        <pattern id={id} patternUnits="userSpaceOnUse" width={10} height={10}>
          <rect width={10} height={10} fill={colour.hex} />
          <rect x={0} width={0.6} height={10} fill={line} opacity={0.6} />
          <rect y={0} width={10} height={0.6} fill={line} opacity={0.6} />
          <rect x={5} width={0.3} height={10} fill={line} opacity={0.35} />
          <rect y={5} width={10} height={0.3} fill={line} opacity={0.35} />
        </pattern>
      );
    case "herringbone":
      return (
        <pattern id={id} patternUnits="userSpaceOnUse" width={6} height={4}>
          <rect width={6} height={4} fill={colour.hex} />
          <path d="M0 4 L3 0 L6 4" {...lineProps} strokeWidth={0.45} opacity={0.45} />
        </pattern>
      );
    default:
      return (
        <pattern id={id} patternUnits="userSpaceOnUse" width={4} height={4}>
          <rect width={4} height={4} fill={colour.hex} />
          <path d="M0 4 L4 0" {...lineProps} strokeWidth={0.35} opacity={0.25} />
        </pattern>
      );
  }
}

/** The sketch; `label` names what is drawn (role img: the picture is one thing to a screen reader). */
export function GarmentSketch(props: { preview: GarmentPreview; label: string; className?: string }) {
  const { preview } = props;
  const clothId = `gp-cloth-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const paints = paintsOf(preview.fill, clothId);
  const { placed, width, height } = layout(preview);
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${width.toFixed(1)} ${height.toFixed(1)}`}
      role="img"
      aria-label={props.label}
      className={props.className}
      data-testid="garment-preview"
      data-category={preview.category}
      data-fill={preview.fill.kind === "fabric" ? preview.fill.look.colour.hex : preview.fill.kind}
      data-fabric={preview.fill.kind === "fabric" ? preview.fill.look.code : undefined}
      data-pattern={preview.fill.kind === "fabric" ? preview.fill.look.pattern : undefined}
    >
      <defs>
        <Cloth id={clothId} fill={preview.fill} />
      </defs>
      {placed.map((p) => (
        <g
          key={p.key}
          data-figure={p.figure.kind}
          data-view={p.side}
          transform={`translate(${p.x.toFixed(1)} ${MARGIN}) scale(${p.scale})`}
        >
          {p.view.draw(p.figure, paints)}
        </g>
      ))}
    </svg>
  );
}
