import type { PreviewFigure } from "./preview.ts";
import { Layer, outline, seam, stitch, type FigureDrawing, type Paints } from "./parts.tsx";

/** The accessories' flat sketch: a necktie (its width and tip), a bow tie, a pocket square or a scarf. */
type Spec = Readonly<Record<string, string>>;

const SIZES: Record<string, { width: number; height: number }> = {
  tie: { width: 60, height: 200 },
  "bow-tie": { width: 90, height: 44 },
  "pocket-square": { width: 70, height: 70 },
  scarf: { width: 56, height: 200 },
};
const sizeOf = (spec: Spec) => SIZES[spec.series ?? "tie"] ?? SIZES.tie!;

function Tie({ spec, paints }: { spec: Spec; paints: Paints }) {
  const half = Number(spec.width ?? "7") * 1.1;
  const c = 30;
  const tipY = 184;
  const bottom =
    spec.tip === "straight"
      ? `L ${c + half} ${tipY} L ${c - half} ${tipY}`
      : `L ${c + half} ${tipY - half * 0.9} L ${c} ${tipY} L ${c - half} ${tipY - half * 0.9}`;
  return (
    <>
      <path d={`M ${c - 4} 20 L ${c + 4} 20 L ${c + half} 150 ${bottom} L ${c - half} 150 Z`} {...outline(paints)} />
      <path d={`M ${c - 8} 6 L ${c + 8} 6 L ${c + 4.5} 21 L ${c - 4.5} 21 Z`} {...outline(paints)} />
      <path d={`M ${c - 2} 24 Q ${c} 34 ${c + 2.5} 44`} {...seam(paints)} />
    </>
  );
}

function BowTie({ paints }: { paints: Paints }) {
  return (
    <>
      <path d="M 39 22 L 8 8 Q 3 22 8 36 Z" {...outline(paints)} />
      <path d="M 51 22 L 82 8 Q 87 22 82 36 Z" {...outline(paints)} />
      <path d="M 20 14 Q 24 22 20 30 M 70 14 Q 66 22 70 30" {...seam(paints)} />
      <rect x={38} y={13} width={14} height={18} rx={3} {...outline(paints)} />
    </>
  );
}

function PocketSquare({ paints }: { paints: Paints }) {
  return (
    <>
      <path d="M 8 24 L 20 6 L 30 20 L 42 4 L 52 20 L 62 10 L 62 62 L 8 62 Z" {...outline(paints)} />
      <path d="M 8 34 L 62 34" stroke={paints.ink} strokeWidth={1.2} fill="none" vectorEffect="non-scaling-stroke" />
      <path d="M 11 58 L 59 58" {...stitch(paints)} />
    </>
  );
}

function Scarf({ paints }: { paints: Paints }) {
  return (
    <>
      <path d="M 12 6 L 44 6 L 44 184 L 12 184 Z" {...outline(paints)} />
      <path d="M 15 10 L 15 180 M 41 10 L 41 180" {...stitch(paints)} />
      <path
        d={Array.from({ length: 9 }, (_, i) => `M ${14 + i * 3.5} 184 L ${14 + i * 3.5} 194`).join(" ")}
        {...seam(paints)}
        stroke={paints.ink}
      />
    </>
  );
}

function Front({ figure, paints }: { figure: PreviewFigure; paints: Paints }) {
  const spec = figure.spec;
  const series = spec.series ?? "tie";
  return (
    <Layer figure={figure} slot="series">
      <Layer figure={figure} slot="width">
        <Layer figure={figure} slot="tip">
          {series === "bow-tie" ? (
            <BowTie paints={paints} />
          ) : series === "pocket-square" ? (
            <PocketSquare paints={paints} />
          ) : series === "scarf" ? (
            <Scarf paints={paints} />
          ) : (
            <Tie spec={spec} paints={paints} />
          )}
        </Layer>
      </Layer>
    </Layer>
  );
}

export const neckwearDrawing: FigureDrawing = {
  front: { size: sizeOf, draw: (figure, paints) => <Front figure={figure} paints={paints} /> },
};
