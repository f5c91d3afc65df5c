import type { PreviewFigure } from "./preview.ts";
import { Button, easeOf, Layer, Mirrored, outline, seam, stitch, type FigureDrawing, type Paints } from "./parts.tsx";

/**
 * The jacket's flat sketch (suit, women's suit, special, and the overcoat as a long jacket): front
 * with lapels, closure, pockets and sleeve buttons; back with the vents. Drawn as the viewer's left
 * half and mirrored; the wearer's left front (the viewer's right) laps over at the centre.
 */
const W = 160;
const C = W / 2;
const HEM: Record<string, number> = { hip: 178, "above-knee": 232, knee: 258, "mid-calf": 296 };

type Spec = Readonly<Record<string, string>>;

function geometry(spec: Spec) {
  const women = spec.cut === "women";
  const e = easeOf(spec.fit);
  const hemY = spec.length === "hip" || !spec.length ? (women ? 168 : 178) : HEM[spec.length]!;
  const long = hemY > 200;
  const db = spec.closure === "db6";
  const stand = spec.lapel === "stand";
  const overlap = db ? 15 : 1.5;
  const front = C + overlap;
  const buttonRows: number[] =
    spec.closure === "sb1"
      ? [women ? 100 : 106]
      : spec.closure === "sb3"
        ? long
          ? [88, 114, 140]
          : [80, 102, 124]
        : spec.closure === "db6"
          ? [92, 112, 132]
          : women
            ? [92, 114]
            : [96, 120];
  const breakY = stand ? 16 : db ? 88 : buttonRows[0]!;
  const waistY = women ? 96 : long ? 108 : 104;
  const sp: [number, number] = [(women ? 34 : 30) - e, 22];
  const ap: [number, number] = [(women ? 38 : 36) - e, 66];
  const wp: [number, number] = [(women ? 45 : 40) - e, waistY];
  const hp: [number, number] = [(women ? 39 : 36) - e - (hemY - 178) * 0.07, hemY];
  const np: [number, number] = [66, 14];
  const lowest = buttonRows[buttonRows.length - 1]!;
  const pocketY = long ? 152 : women ? 124 : 136;
  return {
    women,
    e,
    hemY,
    long,
    db,
    stand,
    overlap,
    front,
    buttonRows,
    breakY,
    waistY,
    sp,
    ap,
    wp,
    hp,
    np,
    lowest,
    pocketY,
  };
}
type Geo = ReturnType<typeof geometry>;

/** The roll line's x at height y (from the neck point to the break). */
const rollX = (g: Geo, y: number) => g.np[0] + ((y - g.np[1]) / (g.breakY - g.np[1])) * (g.front - g.np[0]);

function panelPath(g: Geo, spec: Spec, back: boolean): string {
  const { np, sp, ap, wp, hp, hemY, front } = g;
  const raglan = spec.sleeve === "raglan";
  const shoulder = raglan
    ? `L 57 17 L ${ap[0]} ${ap[1]}`
    : `Q ${(np[0] + sp[0]) / 2} ${sp[1] - 3} ${sp[0]} ${sp[1]} Q ${sp[0] + 2} ${(sp[1] + ap[1]) / 2} ${ap[0]} ${ap[1]}`;
  const side = `Q ${wp[0] + 1} ${(ap[1] + wp[1]) / 2} ${wp[0]} ${wp[1]} Q ${wp[0] - 1} ${(wp[1] + hp[1]) / 2} ${hp[0]} ${hp[1]}`;
  if (back)
    return `M ${np[0]} ${np[1]} ${shoulder} ${side} Q ${(hp[0] + C) / 2} ${hemY + 3} ${C + 0.5} ${hemY + 3} L ${C + 0.5} 12 Z`;
  // the front: a cutaway below the lowest button (single-breasted jackets), square on coats and double-breasted
  const cutaway = !g.db && !g.long;
  const hem = cutaway
    ? `Q ${(hp[0] + front) / 2} ${hemY + 3} ${front - 12} ${hemY + 2} Q ${front - 1} ${hemY - 6} ${front} ${g.lowest + 8}`
    : `Q ${(hp[0] + front) / 2} ${hemY + 3} ${front} ${hemY + 3}`;
  const neck =
    spec.lapel === "collarless"
      ? `Q ${np[0] + 3} ${g.breakY - 24} ${np[0]} ${np[1]}`
      : g.stand
        ? `L ${front} 16 L ${np[0]} ${np[1]}`
        : `L ${np[0]} ${np[1]}`;
  return `M ${np[0]} ${np[1]} ${shoulder} ${side} ${hem} L ${front} ${g.breakY} ${g.stand ? "" : neck} Z`;
}

/** A sleeve, over the body: from the shoulder down to the cuff and back up to the armpit (raglan: from the neck). */
function Sleeve(props: { g: Geo; spec: Spec; paints: Paints }) {
  const { g, spec, paints } = props;
  if (spec.sleeve === "cape") return null;
  const cuffY = spec.sleeve === "three-quarter" ? 122 : g.long ? 168 : g.women ? 150 : 160;
  const [sx, sy] = g.sp;
  const [ax, ay] = g.ap;
  const out: [number, number] = [sx - 9, cuffY];
  const inn: [number, number] = [sx + 12.5, cuffY + 2];
  const raglan = spec.sleeve === "raglan";
  const path =
    `M ${raglan ? "57 17 L " : ""}${sx} ${sy} Q ${sx - 9} ${sy + 30} ${out[0]} ${out[1]} L ${inn[0]} ${inn[1]} ` +
    `Q ${Math.max(ax + 8, g.wp[0] + 4)} ${(ay + inn[1]) / 2} ${ax} ${ay} ` +
    (raglan ? "L 57 17 Z" : `Q ${sx + 2} ${(sy + ay) / 2} ${sx} ${sy} Z`);
  return <path d={path} {...outline(paints)} />;
}

/** How far the lapel's point reaches out from the roll line: its width, narrower on a short lapel (a high break). */
const lapelReach = (g: Geo, ly: number, width: number) =>
  (15 + (width - 8) * 2.4 + (g.long ? 3 : 0)) * Math.min(1, Math.max(0.62, (g.breakY - ly) / 52));

/** The lapel and collar leaf of the viewer's left half, as a path (null when the front has none). */
function lapelPath(g: Geo, spec: Spec): string | null {
  if (spec.lapel === "collarless" || g.stand) return null;
  const width = Number(spec.lapelWidth ?? "8") + (g.db ? 1 : 0);
  const b: [number, number] = [g.front, g.breakY];
  const ly = spec.lapel === "peak" ? 31 : 41;
  const lx = rollX(g, ly) - lapelReach(g, ly, width);
  if (spec.lapel === "shawl") {
    return `M ${b[0]} ${b[1]} Q ${lx - 2} ${b[1] - 30} ${lx + 4} ${ly - 6} Q ${lx + 10} 18 ${g.np[0] - 6} 15 L ${g.np[0]} ${g.np[1]} Z`;
  }
  const belly = `Q ${lx - 1} ${(b[1] + ly) / 2 + 8} ${lx} ${ly}`;
  const top =
    spec.lapel === "peak"
      ? `L ${lx + 10} ${ly + 8} L ${lx + 9} ${ly + 4} L ${lx + 10} 19`
      : `L ${lx + 7} ${ly - 3} L ${lx + 5} ${ly - 8} L ${lx + 9} 19`;
  return `M ${b[0]} ${b[1]} ${belly} ${top} L ${g.np[0] - 4} 13.5 L ${g.np[0]} ${g.np[1]} Z`;
}

/** The gorge seam where the lapel meets the collar. */
function gorgePath(g: Geo, spec: Spec): string | null {
  if (spec.lapel !== "notch" && spec.lapel !== "peak") return null;
  const width = Number(spec.lapelWidth ?? "8") + (g.db ? 1 : 0);
  const ly = spec.lapel === "peak" ? 31 : 41;
  const lx = rollX(g, ly) - lapelReach(g, ly, width);
  const from: [number, number] = spec.lapel === "peak" ? [lx + 10, ly + 8] : [lx + 7, ly - 3];
  return `M ${from[0]} ${from[1]} L ${rollX(g, from[1] - 3)} ${from[1] - 3}`;
}

function Pocket(props: { g: Geo; kind: string; paints: Paints }) {
  const { g, paints } = props;
  const x0 = g.hp[0] + 7 + (g.long ? 2 : 0);
  const x1 = x0 + (g.long ? 25 : 22);
  const y = g.pocketY;
  switch (props.kind) {
    case "jetted":
      return (
        <>
          <path d={`M ${x0} ${y + 1} L ${x1} ${y}`} {...seam(paints)} />
          <path d={`M ${x0} ${y + 2.6} L ${x1} ${y + 1.6}`} {...seam(paints)} />
        </>
      );
    case "patch":
      return (
        <>
          <path
            d={`M ${x0 - 1} ${y - 4} L ${x1 + 1} ${y - 5} L ${x1 + 1} ${y + 15} Q ${x1 + 1} ${y + 19} ${x1 - 3} ${y + 19} L ${x0 + 3} ${y + 20} Q ${x0 - 1} ${y + 20} ${x0 - 1} ${y + 16} Z`}
            {...outline(paints)}
          />
          <path d={`M ${x0 + 1} ${y - 1.5} L ${x1 - 1} ${y - 2.5}`} {...stitch(paints)} />
        </>
      );
    case "hacking":
      return (
        <path
          d={`M ${x0} ${y + 4} L ${x1} ${y - 4} L ${x1 + 0.6} ${y + 3} L ${x0 + 0.6} ${y + 11} Z`}
          {...outline(paints)}
        />
      );
    default:
      return (
        <path
          d={`M ${x0} ${y} L ${x1} ${y - 1} L ${x1 + 0.4} ${y + 7} L ${x0 + 0.4} ${y + 8} Z`}
          {...outline(paints)}
        />
      );
  }
}

function Front({ figure, paints }: { figure: PreviewFigure; paints: Paints }) {
  const spec = figure.spec;
  const g = geometry(spec);
  const lapel = lapelPath(g, spec);
  const gorge = gorgePath(g, spec);
  const buttonKind = spec.buttons ?? "horn";
  const columns = g.db ? [C - 10, C + 10] : [C];
  const x0 = g.hp[0] + 7;
  return (
    <>
      {/* inside the neckline: the shirt, and the inside of the collar at the back */}
      <path
        d={`M ${g.np[0]} ${g.np[1]} L ${W - g.np[0]} ${g.np[1]} L ${C + 10} ${g.breakY} L ${C - 10} ${g.breakY} Z`}
        fill={paints.inside}
        stroke="none"
      />
      <path
        d={`M ${g.np[0] - 1} 14 Q ${C} 7 ${W - g.np[0] + 1} 14 Q ${C} 11 ${g.np[0] - 1} 14 Z`}
        {...outline(paints, paints.lining)}
      />
      <Layer figure={figure} slot="fit">
        <Layer figure={figure} slot="cut">
          <Layer figure={figure} slot="length">
            <Mirrored centre={C}>
              <path d={panelPath(g, spec, false)} {...outline(paints)} />
            </Mirrored>
          </Layer>
        </Layer>
      </Layer>
      <Layer figure={figure} slot="sleeve">
        <Mirrored centre={C}>
          <Sleeve g={g} spec={spec} paints={paints} />
        </Mirrored>
      </Layer>
      <Layer figure={figure} slot="shaping">
        {spec.shaping === "darts" && (
          <Mirrored centre={C}>
            <path
              d={`M ${g.wp[0] + 12} ${g.waistY - 26} L ${g.wp[0] + 13} ${g.waistY} L ${g.wp[0] + 12.5} ${g.waistY + 22}`}
              {...seam(paints)}
            />
          </Mirrored>
        )}
        {spec.shaping === "princess" && (
          <Mirrored centre={C}>
            <path
              d={`M ${g.ap[0] + 3} ${g.ap[1] - 14} Q ${g.wp[0] + 14} ${g.waistY - 30} ${g.wp[0] + 11} ${g.waistY} L ${g.hp[0] + 12} ${g.hemY + 1}`}
              {...seam(paints)}
            />
          </Mirrored>
        )}
      </Layer>
      <Layer figure={figure} slot="lapel">
        <Layer figure={figure} slot="lapelWidth">
          {g.stand && (
            <path
              d={`M ${g.np[0] - 1} 15 L ${g.np[0] - 2} 6 Q ${C} 3 ${W - g.np[0] + 2} 6 L ${W - g.np[0] + 1} 15 Q ${C} 18 ${g.np[0] - 1} 15 Z`}
              {...outline(paints)}
            />
          )}
          {lapel && (
            <Mirrored centre={C}>
              <path d={lapel} {...outline(paints)} />
              {gorge && <path d={gorge} {...seam(paints)} />}
            </Mirrored>
          )}
        </Layer>
      </Layer>
      <Layer figure={figure} slot="stitching">
        {spec.stitching === "pick" && lapel && (
          <Mirrored centre={C}>
            <path
              d={lapel}
              {...stitch(paints)}
              transform={`translate(${g.front} ${g.breakY}) scale(0.9) translate(${-g.front} ${-g.breakY})`}
            />
          </Mirrored>
        )}
      </Layer>
      <Layer figure={figure} slot="lapelHole">
        {spec.lapelHole === "milanese" && lapel && (
          <path
            d={`M ${W - 56} 46 l 4 1.4`}
            fill="none"
            stroke={paints.ink}
            strokeWidth={1.6}
            strokeLinecap="round"
            vectorEffect="non-scaling-stroke"
          />
        )}
      </Layer>
      <Layer figure={figure} slot="pockets">
        <Mirrored centre={C}>
          <Pocket g={g} kind={spec.pockets ?? "flap"} paints={paints} />
        </Mirrored>
        {/* the breast pocket on the wearer's left */}
        {!g.long && (
          <path d={`M ${W - 60} 66 L ${W - 42} 62 L ${W - 41.6} 65 L ${W - 59.6} 69 Z`} {...outline(paints)} />
        )}
      </Layer>
      <Layer figure={figure} slot="ticket">
        {spec.ticket === "ticket" && (
          <path
            d={`M ${x0 + 1} ${g.pocketY - 12} L ${x0 + 16} ${g.pocketY - 12.6} L ${x0 + 16.2} ${g.pocketY - 7.4} L ${x0 + 1.2} ${g.pocketY - 6.8} Z`}
            {...outline(paints)}
          />
        )}
      </Layer>
      <Layer figure={figure} slot="logo">
        {spec.logo === "embroidered" && (
          <g>
            <circle
              cx={W - 51}
              cy={52}
              r={4.2}
              fill="#c9a227"
              stroke={paints.ink}
              strokeWidth={0.7}
              vectorEffect="non-scaling-stroke"
            />
            <path d={`M ${W - 53} 52 L ${W - 51} 49.5 L ${W - 49} 52 L ${W - 51} 54.5 Z`} fill="#fff8dc" />
          </g>
        )}
      </Layer>
      <Layer figure={figure} slot="closure">
        <Layer figure={figure} slot="buttons">
          {(g.stand ? [24, ...g.buttonRows] : g.buttonRows).map((y) =>
            columns.map((x) => (
              <Button key={`${x}-${y}`} x={x} y={y} r={g.long ? 2.2 : 1.9} kind={buttonKind} paints={paints} />
            )),
          )}
        </Layer>
      </Layer>
      <Layer figure={figure} slot="belt">
        {spec.belt === "self" && (
          <>
            <Mirrored centre={C}>
              <path
                d={`M ${g.wp[0] + 0.5} ${g.waistY - 4} L ${C} ${g.waistY - 4} L ${C} ${g.waistY + 4} L ${g.wp[0] + 0.5} ${g.waistY + 4} Z`}
                {...outline(paints)}
              />
            </Mirrored>
            <rect
              x={C - 6}
              y={g.waistY - 6}
              width={12}
              height={12}
              rx={1.5}
              fill="none"
              stroke={paints.ink}
              strokeWidth={1.4}
              vectorEffect="non-scaling-stroke"
            />
          </>
        )}
      </Layer>
      <Layer figure={figure} slot="sleeveButtons">
        <Mirrored centre={C}>
          <SleeveButtons g={g} spec={spec} paints={paints} />
        </Mirrored>
      </Layer>
      {spec.sleeve === "cape" && (
        <Mirrored centre={C}>
          <path
            d={`M ${g.np[0] - 1} 15 Q ${g.sp[0] - 4} 18 ${g.sp[0] - 16} 118 Q ${g.sp[0] + 10} 128 ${C - 16} 122 Q ${C - 22} 70 ${g.np[0] - 1} 15 Z`}
            {...outline(paints)}
          />
        </Mirrored>
      )}
    </>
  );
}

/** The sleeve buttons drawn over the sleeve (the sleeves are behind the body). */
function SleeveButtons(props: { g: Geo; spec: Spec; paints: Paints }) {
  const { g, spec, paints } = props;
  if (spec.sleeve === "cape" || spec.sleeve === "three-quarter") return null;
  const cuffY = g.long ? 168 : g.women ? 150 : 160;
  const outX = g.sp[0] - 9;
  const n = spec.sleeveButtons === "3" ? 3 : 4;
  const step = spec.sleeveButtons === "4-kissing" ? 2.3 : 3.6;
  return (
    <>
      {Array.from({ length: n }, (_, i) => (
        <Button
          key={i}
          x={outX + 4.4 + i * 0.28}
          y={cuffY - 4 - i * step}
          r={1.05}
          kind={spec.buttons ?? "horn"}
          paints={paints}
        />
      ))}
    </>
  );
}

function Back({ figure, paints }: { figure: PreviewFigure; paints: Paints }) {
  const spec = figure.spec;
  const g = geometry(spec);
  const ventTop = g.hemY - (g.long ? 40 : 28);
  return (
    <>
      <Mirrored centre={C}>
        <path d={panelPath(g, spec, true)} {...outline(paints)} />
        <Sleeve g={g} spec={spec} paints={paints} />
      </Mirrored>
      <path
        d={`M ${g.np[0] - 1} 13 Q ${C} 9 ${W - g.np[0] + 1} 13 L ${W - g.np[0]} 20 Q ${C} 17 ${g.np[0]} 20 Z`}
        {...outline(paints)}
      />
      <path d={`M ${C} 18.5 L ${C} ${spec.vents === "centre" ? ventTop : g.hemY + 3}`} {...seam(paints)} />
      <Layer figure={figure} slot="vents">
        {spec.vents === "centre" && (
          <path
            d={`M ${C} ${ventTop} L ${C} ${g.hemY + 3} M ${C} ${ventTop} L ${C + 3} ${ventTop + 3} L ${C + 3} ${g.hemY + 3}`}
            {...seam(paints)}
          />
        )}
        {spec.vents === "side" && (
          <Mirrored centre={C}>
            <path
              d={`M ${g.hp[0] + 8} ${ventTop} L ${g.hp[0] + 7} ${g.hemY + 2} M ${g.hp[0] + 8} ${ventTop} L ${g.hp[0] + 11} ${ventTop + 3} L ${g.hp[0] + 10} ${g.hemY + 2.5}`}
              {...seam(paints)}
            />
          </Mirrored>
        )}
      </Layer>
      {spec.belt === "self" && (
        <path
          d={`M ${g.wp[0] + 12} ${g.waistY - 3} L ${W - g.wp[0] - 12} ${g.waistY - 3} L ${W - g.wp[0] - 12} ${g.waistY + 4} L ${g.wp[0] + 12} ${g.waistY + 4} Z`}
          {...outline(paints)}
        />
      )}
      {spec.sleeve === "cape" && (
        <Mirrored centre={C}>
          <path
            d={`M ${g.np[0] - 1} 15 Q ${g.sp[0] - 4} 18 ${g.sp[0] - 16} 118 Q ${g.sp[0] + 10} 128 ${C + 0.5} 124 L ${C + 0.5} 12 Z`}
            {...outline(paints)}
          />
        </Mirrored>
      )}
    </>
  );
}

export const jacketDrawing: FigureDrawing = {
  front: {
    size: (spec) => ({ width: W, height: geometry(spec).hemY + 8 }),
    draw: (figure, paints) => <Front figure={figure} paints={paints} />,
  },
  back: {
    size: (spec) => ({ width: W, height: geometry(spec).hemY + 8 }),
    draw: (figure, paints) => <Back figure={figure} paints={paints} />,
  },
};
