import type { PreviewFigure } from "./preview.ts";
import { Button, easeOf, Layer, Mirrored, outline, seam, spaced, type FigureDrawing, type Paints } from "./parts.tsx";

/**
 * The waistcoat's flat sketch: neckline, lapel, buttons, pockets and bottom at the front; the back
 * (lining, cloth or backless) and its buckle at the back.
 */
const W = 120;
const C = W / 2;

type Spec = Readonly<Record<string, string>>;

function geometry(spec: Spec) {
  const e = easeOf(spec.fit, 3, -2);
  const db = spec.closure === "db";
  const neckY = db ? 46 : spec.closure === "6" ? 44 : 52;
  const front = C + (db ? 9 : 1.5);
  const pointed = spec.bottom !== "straight";
  return { e, db, neckY, front, pointed, np: [48, 8] as const, sp: [33 - e, 13] as const, ap: [27 - e, 50] as const };
}
type Geo = ReturnType<typeof geometry>;

/** The back's left half. */
function backPath(g: Geo): string {
  const { np, sp, ap } = g;
  return `M ${np[0]} ${np[1]} L ${sp[0]} ${sp[1]} Q ${sp[0] - 2} ${ap[1] - 18} ${ap[0]} ${ap[1]} Q ${ap[0] - 1} ${ap[1] + 20} ${ap[0] + 1} 104 Q ${C - 20} 108 ${C + 0.5} 108 L ${C + 0.5} 6 Z`;
}

function Front({ figure, paints }: { figure: PreviewFigure; paints: Paints }) {
  const spec = figure.spec;
  const g = geometry(spec);
  const kind = spec.buttons ?? "horn";
  const rows = g.db ? spaced(g.neckY + 6, 100, 3) : spaced(g.neckY + 3, 108, spec.closure === "6" ? 6 : 5);
  const columns = g.db ? [C - 8, C + 8] : [C];
  return (
    <>
      <path
        d={`M ${g.np[0]} ${g.np[1]} L ${W - g.np[0]} ${g.np[1]} L ${C} ${g.neckY + 4} Z`}
        fill={paints.inside}
        stroke="none"
      />
      <Layer figure={figure} slot="fit">
        <Layer figure={figure} slot="bottom">
          <Layer figure={figure} slot="neck">
            <Mirrored centre={C}>
              <path
                d={`M ${g.np[0]} ${g.np[1]} L ${g.sp[0]} ${g.sp[1]} Q ${g.sp[0] - 2} ${g.ap[1] - 18} ${g.ap[0]} ${g.ap[1]} Q ${g.ap[0] - 1} ${g.ap[1] + 20} ${g.ap[0] + 1} 104 ${g.pointed ? `L ${g.front - 12} 124 L ${g.front} 116` : `Q ${C - 20} 112 ${g.front} 112`} L ${g.front} ${g.neckY} ${spec.neck === "u" ? `Q ${g.np[0] - 2} ${g.neckY - 4} ${g.np[0]} ${g.np[1]}` : `L ${g.np[0]} ${g.np[1]}`} Z`}
                {...outline(paints)}
              />
              <path d={`M ${g.ap[0] + 12} 64 L ${g.ap[0] + 13} 100`} {...seam(paints)} />
            </Mirrored>
          </Layer>
        </Layer>
      </Layer>
      <Layer figure={figure} slot="lapel">
        {spec.lapel !== "none" && (
          <Mirrored centre={C}>
            <path
              d={
                spec.lapel === "shawl"
                  ? `M ${g.np[0]} ${g.np[1]} L ${g.front} ${g.neckY} L ${g.front - 3} ${g.neckY - 2} Q ${g.np[0] - 9} ${g.neckY - 20} ${g.np[0] - 4} ${g.np[1] + 1} Z`
                  : `M ${g.np[0]} ${g.np[1]} L ${g.front} ${g.neckY} L ${g.np[0] - 6} 30 L ${g.np[0] - 1} 26 L ${g.np[0] - 4} 22 Z`
              }
              {...outline(paints)}
            />
          </Mirrored>
        )}
      </Layer>
      <Layer figure={figure} slot="pockets">
        {spec.pockets !== "0" && (
          <Mirrored centre={C}>
            <path
              d={`M ${g.ap[0] + 7} 90 L ${g.ap[0] + 22} 88 L ${g.ap[0] + 22.3} 91 L ${g.ap[0] + 7.3} 93 Z`}
              {...outline(paints)}
            />
            {spec.pockets === "4" && (
              <path
                d={`M ${g.ap[0] + 9} 58 L ${g.ap[0] + 21} 56.5 L ${g.ap[0] + 21.3} 59.3 L ${g.ap[0] + 9.3} 60.8 Z`}
                {...outline(paints)}
              />
            )}
          </Mirrored>
        )}
      </Layer>
      <Layer figure={figure} slot="closure">
        <Layer figure={figure} slot="buttons">
          {rows.map((y) =>
            columns.map((x) => <Button key={`${x}-${y}`} x={x} y={y} r={1.7} kind={kind} paints={paints} />),
          )}
        </Layer>
      </Layer>
    </>
  );
}

function Back({ figure, paints }: { figure: PreviewFigure; paints: Paints }) {
  const spec = figure.spec;
  const g = geometry(spec);
  const backless = spec.back === "backless";
  const fill = spec.back === "fabric" ? paints.cloth : paints.lining;
  return (
    <>
      <Layer figure={figure} slot="back">
        {backless ? (
          <>
            <Mirrored centre={C}>
              <path
                d={backPath(g)}
                fill="none"
                stroke={paints.ink}
                strokeWidth={0.8}
                strokeDasharray="2 2"
                vectorEffect="non-scaling-stroke"
              />
            </Mirrored>
            <path
              d={`M ${g.np[0]} 8 Q ${C} 14 ${W - g.np[0]} 8 L ${W - g.np[0]} 13 Q ${C} 19 ${g.np[0]} 13 Z`}
              {...outline(paints)}
            />
          </>
        ) : (
          <>
            <Mirrored centre={C}>
              <path d={backPath(g)} {...outline(paints, fill)} />
            </Mirrored>
            <path d={`M ${g.np[0]} 8 Q ${C} 5 ${W - g.np[0]} 8`} {...seam(paints)} />
          </>
        )}
      </Layer>
      <Layer figure={figure} slot="buckle">
        {spec.buckle === "buckle" && (
          <>
            <path
              d={`M ${g.ap[0] + 14} 80 L ${W - g.ap[0] - 14} 80 L ${W - g.ap[0] - 14} 85 L ${g.ap[0] + 14} 85 Z`}
              {...outline(paints, fill)}
            />
            <rect
              x={C - 4}
              y={78.5}
              width={8}
              height={8}
              rx={1}
              fill="none"
              stroke="#8a8a8a"
              strokeWidth={1.2}
              vectorEffect="non-scaling-stroke"
            />
          </>
        )}
      </Layer>
    </>
  );
}

export const waistcoatDrawing: FigureDrawing = {
  front: {
    size: () => ({ width: W, height: 130 }),
    draw: (figure, paints) => <Front figure={figure} paints={paints} />,
  },
  back: { size: () => ({ width: W, height: 130 }), draw: (figure, paints) => <Back figure={figure} paints={paints} /> },
};
