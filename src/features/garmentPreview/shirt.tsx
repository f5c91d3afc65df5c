import type { PreviewFigure } from "./preview.ts";
import {
  Button,
  easeOf,
  Layer,
  Mirrored,
  outline,
  seam,
  spaced,
  stitch,
  type FigureDrawing,
  type Paints,
} from "./parts.tsx";

/**
 * The shirt's flat sketch: collar, placket, chest pockets, sleeves and cuffs, hem at the front; the
 * yoke and the back pleats at the back. The viewer's left half is drawn and mirrored.
 */
const W = 160;
const C = W / 2;

type Spec = Readonly<Record<string, string>>;

function geometry(spec: Spec) {
  const e = easeOf(spec.fit, 4, -3);
  const straight = spec.hem === "straight";
  return {
    e,
    np: [67, 13] as const,
    sp: [33 - e, 23] as const,
    ap: [38 - e, 62] as const,
    side: 38 - e,
    sideEnd: straight ? 156 : 146,
    tail: straight ? 157 : 168,
    short: spec.sleeve === "short",
  };
}
type Geo = ReturnType<typeof geometry>;

/** The body's left half, from the neck round to the centre of the hem (open: the centre is not a seam). */
function bodyPath(g: Geo, straight: boolean): string {
  const { np, sp, ap } = g;
  const hem = straight
    ? `L ${g.side} ${g.sideEnd} L ${C + 0.5} ${g.tail}`
    : `L ${g.side} ${g.sideEnd} Q ${g.side + 4} ${g.tail} ${C - 20} ${g.tail} L ${C + 0.5} ${g.tail}`;
  return `M ${np[0]} ${np[1]} Q ${(np[0] + sp[0]) / 2} ${sp[1] - 4} ${sp[0]} ${sp[1]} Q ${sp[0] + 2} ${(sp[1] + ap[1]) / 2} ${ap[0]} ${ap[1]} ${hem}`;
}

/** The body: both halves filled, then their outlines without the centre line. */
function Body({ g, straight, paints }: { g: Geo; straight: boolean; paints: Paints }) {
  const open = bodyPath(g, straight);
  return (
    <>
      <Mirrored centre={C}>
        <path d={`${open} L ${C + 0.5} 12 Z`} fill={paints.cloth} stroke="none" />
      </Mirrored>
      <Mirrored centre={C}>
        <path d={open} {...outline(paints, "none")} />
        {straight && <path d={`M ${g.side + 0.2} ${g.sideEnd - 7} L ${g.side + 0.2} ${g.sideEnd}`} {...seam(paints)} />}
      </Mirrored>
    </>
  );
}

/** A sleeve over the body, with its cuff (long sleeves) or a plain hem (short sleeves). */
function Sleeve(props: { g: Geo; spec: Spec; paints: Paints; figure: PreviewFigure; cuffs: boolean }) {
  const { g, spec, paints } = props;
  const [sx, sy] = g.sp;
  const [ax, ay] = g.ap;
  const end = g.short ? 74 : 146;
  const out: [number, number] = [g.short ? sx - 9 : sx - 8, end];
  const inn: [number, number] = [g.short ? ax + 4 : sx + 10, end + 2];
  const path = `M ${sx} ${sy} Q ${sx - 8} ${sy + 24} ${out[0]} ${out[1]} L ${inn[0]} ${inn[1]} Q ${ax + 2} ${(ay + inn[1]) / 2} ${ax} ${ay} Q ${sx + 2} ${(sy + ay) / 2} ${sx} ${sy} Z`;
  const cuff = spec.cuff ?? "single";
  const depth = cuff === "french" ? 13 : 10;
  const [x0, y0] = out;
  const [x1, y1] = inn;
  const cuffPath =
    cuff === "single" || cuff === "convertible"
      ? `M ${x0} ${y0} L ${x1} ${y1} L ${x1} ${y1 + depth - 2} Q ${x1} ${y1 + depth} ${x1 - 2} ${y1 + depth} L ${x0 + 2} ${y0 + depth} Q ${x0} ${y0 + depth} ${x0} ${y0 + depth - 2} Z`
      : `M ${x0} ${y0} L ${x1} ${y1} L ${x1} ${y1 + depth} L ${x0} ${y0 + depth} Z`;
  return (
    <>
      <path d={path} {...outline(paints)} />
      {!g.short && <path d={`M ${x0 + 5} ${y0 - 10} L ${x0 + 5.3} ${y0}`} {...seam(paints)} />}
      {props.cuffs && !g.short && (
        <Layer figure={props.figure} slot="cuff">
          <path d={cuffPath} {...outline(paints)} />
          {cuff === "french" && (
            <>
              <path d={`M ${x0} ${y0 + 6} L ${x1} ${y1 + 6}`} {...seam(paints)} />
              <path
                d={`M ${x0 + 3.5} ${y0 + 9} l 2 -1.6 l 2 1.6 l -2 1.6 Z`}
                fill="#b9a15a"
                stroke={paints.ink}
                strokeWidth={0.6}
                vectorEffect="non-scaling-stroke"
              />
            </>
          )}
          {cuff === "double" &&
            [x0 + 4.5, x0 + 8.5].map((x) => (
              <Button key={x} x={x} y={y0 + 5.5} r={1} kind={spec.buttons ?? "standard"} paints={paints} />
            ))}
          {(cuff === "single" || cuff === "convertible") && (
            <Button x={x0 + 4.5} y={y0 + 5} r={1} kind={spec.buttons ?? "standard"} paints={paints} />
          )}
          {cuff === "convertible" && (
            <path
              d={`M ${x0 + 8} ${y0 + 5} l 3 0.3`}
              fill="none"
              stroke={paints.ink}
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
            />
          )}
        </Layer>
      )}
    </>
  );
}

/** The collar's left leaf (or stand) for each collar style. */
function Collar({ spec, paints }: { spec: Spec; paints: Paints }) {
  const collar = spec.collar ?? "spread";
  const stand = `M 66 14 L 65.5 8 Q ${C} 4 ${W - 65.5} 8 L ${W - 66} 14 Q ${C} 21 66 14 Z`;
  if (collar === "band")
    return <path d={`M 66 15 L 65.5 7 Q ${C} 3 ${W - 65.5} 7 L ${W - 66} 15 Q ${C} 23 66 15 Z`} {...outline(paints)} />;
  if (collar === "wing")
    return (
      <>
        <path d={stand} {...outline(paints)} />
        <Mirrored centre={C}>
          <path d={`M ${C - 1.5} 15 L ${C - 10} 23 L ${C - 11} 16.5 Z`} {...outline(paints)} />
        </Mirrored>
      </>
    );
  const tip: readonly [number, number] =
    collar === "cutaway" ? [56, 28] : collar === "button-down" ? [65, 38] : [62, 35];
  return (
    <>
      <path d={stand} {...outline(paints, paints.inside)} />
      <Mirrored centre={C}>
        <path
          d={`M ${C - 0.5} 21 L ${tip[0]} ${tip[1]} Q ${tip[0] - 3} ${(tip[1] + 14) / 2} 60 15 Q 64 9 67 9 Q ${C - 6} 12 ${C - 0.5} 21 Z`}
          {...outline(paints)}
        />
        {collar === "button-down" && (
          <Button x={tip[0] + 1.5} y={tip[1] - 2.5} r={0.9} kind={spec.buttons ?? "standard"} paints={paints} />
        )}
      </Mirrored>
    </>
  );
}

function Front({ figure, paints }: { figure: PreviewFigure; paints: Paints }) {
  const spec = figure.spec;
  const g = geometry(spec);
  const buttons = spec.buttons ?? "standard";
  const rows = spaced(30, g.tail - 22, 6);
  return (
    <>
      <path d={`M 66 13 Q ${C} 8 ${W - 66} 13 L ${C} 24 Z`} fill={paints.inside} stroke="none" />
      <Layer figure={figure} slot="fit">
        <Layer figure={figure} slot="hem">
          <Body g={g} straight={spec.hem === "straight"} paints={paints} />
        </Layer>
      </Layer>
      <Layer figure={figure} slot="sleeve">
        <Mirrored centre={C}>
          <Sleeve g={g} spec={spec} paints={paints} figure={figure} cuffs />
        </Mirrored>
      </Layer>
      <Layer figure={figure} slot="placket">
        {spec.placket === "standard" && (
          <path d={`M ${C - 3.5} 20 L ${C - 3.5} ${g.tail} M ${C + 3.5} 20 L ${C + 3.5} ${g.tail}`} {...seam(paints)} />
        )}
        {spec.placket === "hidden" && <path d={`M ${C + 4} 22 L ${C + 4} ${g.tail - 14}`} {...stitch(paints)} />}
        {spec.placket === "french" && <path d={`M ${C + 1} 20 L ${C + 1} ${g.tail}`} {...seam(paints)} />}
        <Layer figure={figure} slot="buttons">
          {spec.placket !== "hidden" ? (
            rows.map((y) => <Button key={y} x={C} y={y} r={1.25} kind={buttons} paints={paints} />)
          ) : (
            <Button x={C} y={rows[0]!} r={1.25} kind={buttons} paints={paints} />
          )}
        </Layer>
      </Layer>
      <Layer figure={figure} slot="chestPocket">
        {spec.chestPocket === "one" && (
          <path
            d={`M ${C + 14} 46 L ${C + 30} 46 L ${C + 30} 62 L ${C + 22} 65 L ${C + 14} 62 Z`}
            {...outline(paints)}
          />
        )}
        {spec.chestPocket === "two-flap" && (
          <Mirrored centre={C}>
            <path d={`M ${C - 30} 46 L ${C - 14} 46 L ${C - 14} 64 L ${C - 30} 64 Z`} {...outline(paints)} />
            <path
              d={`M ${C - 30.5} 44 L ${C - 13.5} 44 L ${C - 13.5} 50 L ${C - 22} 52.5 L ${C - 30.5} 50 Z`}
              {...outline(paints)}
            />
            <Button x={C - 22} y={50} r={0.95} kind={buttons} paints={paints} />
          </Mirrored>
        )}
      </Layer>
      <Layer figure={figure} slot="collar">
        <Collar spec={spec} paints={paints} />
      </Layer>
    </>
  );
}

function Back({ figure, paints }: { figure: PreviewFigure; paints: Paints }) {
  const spec = figure.spec;
  const g = geometry(spec);
  return (
    <>
      <Body g={g} straight={spec.hem === "straight"} paints={paints} />
      <Mirrored centre={C}>
        <Sleeve g={g} spec={spec} paints={paints} figure={figure} cuffs={false} />
      </Mirrored>
      <path d={`M 66 13 L 65.5 7 Q ${C} 3 ${W - 65.5} 7 L ${W - 66} 13 Q ${C} 10 66 13 Z`} {...outline(paints)} />
      <path d={`M ${g.ap[0] - 1} 36 Q ${C} 40 ${W - g.ap[0] + 1} 36`} {...seam(paints)} />
      <Layer figure={figure} slot="back">
        {spec.back === "box-pleat" && (
          <path
            d={`M ${C - 5} 38.6 L ${C - 5} 52 M ${C + 5} 38.6 L ${C + 5} 52 M ${C - 5} 38.6 L ${C} 44 L ${C + 5} 38.6`}
            {...seam(paints)}
          />
        )}
        {spec.back === "side-pleats" && (
          <Mirrored centre={C}>
            <path
              d={`M ${g.ap[0] + 10} 37.4 L ${g.ap[0] + 11} 50 M ${g.ap[0] + 10} 37.4 L ${g.ap[0] + 13} 40`}
              {...seam(paints)}
            />
          </Mirrored>
        )}
      </Layer>
    </>
  );
}

export const shirtDrawing: FigureDrawing = {
  front: {
    size: (spec) => ({ width: W, height: geometry(spec).tail + 6 }),
    draw: (figure, paints) => <Front figure={figure} paints={paints} />,
  },
  back: {
    size: (spec) => ({ width: W, height: geometry(spec).tail + 6 }),
    draw: (figure, paints) => <Back figure={figure} paints={paints} />,
  },
};
