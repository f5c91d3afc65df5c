import type { PreviewFigure } from "./preview.ts";
import { Button, easeOf, Layer, Mirrored, outline, seam, stitch, type FigureDrawing, type Paints } from "./parts.tsx";

/**
 * The trousers' flat sketch (and the women's suit's skirts): waistband, pleats, fly, side pockets,
 * leg length and turn-ups at the front; the back pockets at the back. The viewer's left leg is
 * drawn and mirrored.
 */
const W = 100;
const C = W / 2;

type Spec = Readonly<Record<string, string>>;

const isSkirt = (spec: Spec) => spec.shape === "pencil-skirt" || spec.shape === "a-line-skirt";
const hemOf = (spec: Spec) => (isSkirt(spec) ? 122 : spec.leg === "shorts" ? 108 : 204);

function legPath(spec: Spec): string {
  const e = easeOf(spec.fit, 2.5, -2);
  const hem = hemOf(spec);
  if (spec.shape === "pencil-skirt")
    return `M ${20 - e} 14 Q ${15 - e} 36 ${17 - e} 54 L ${21 - e} ${hem} L ${C + 0.5} ${hem} L ${C + 0.5} 14 Z`;
  if (spec.shape === "a-line-skirt")
    return `M ${20 - e} 14 Q ${16 - e} 34 ${8 - e} ${hem - 2} Q ${28} ${hem + 3} ${C + 0.5} ${hem + 3} L ${C + 0.5} 14 Z`;
  const knee = spec.leg === "shorts" ? hem : 122;
  const hemOut = spec.leg === "shorts" ? 16 - e : 21 - e * 0.6;
  const hemIn = spec.leg === "shorts" ? 46 : 45 + e * 0.2;
  return `M ${17 - e} 14 Q ${12 - e} 40 ${14 - e} 64 L ${hemOut - (spec.leg === "shorts" ? 0 : 1.5)} ${knee} L ${hemOut} ${hem} L ${hemIn} ${hem} L ${hemIn - 0.5} ${knee} L ${C} 74 L ${C + 0.5} 74 L ${C + 0.5} 14 Z`;
}

function Front({ figure, paints }: { figure: PreviewFigure; paints: Paints }) {
  const spec = figure.spec;
  const skirt = isSkirt(spec);
  const e = easeOf(spec.fit, 2.5, -2);
  const hem = hemOf(spec);
  const buttons = spec.buttons ?? "horn";
  return (
    <>
      <Layer figure={figure} slot="shape">
        <Layer figure={figure} slot="fit">
          <Layer figure={figure} slot="leg">
            <Mirrored centre={C}>
              <path d={legPath(spec)} {...outline(paints)} />
              {/* the crease */}
              {!skirt && <path d={`M 32 24 L ${32.5} ${hem - 1}`} {...seam(paints)} opacity={0.55} />}
            </Mirrored>
          </Layer>
        </Layer>
      </Layer>
      {/* the waistband */}
      <path
        d={`M ${(skirt ? 20 : 17) - e} 6 L ${W - (skirt ? 20 : 17) + e} 6 L ${W - (skirt ? 20 : 17) + e} 14 L ${(skirt ? 20 : 17) - e} 14 Z`}
        {...outline(paints)}
      />
      <Layer figure={figure} slot="buttons">
        <Button x={C + 3} y={10} r={1.5} kind={buttons} paints={paints} />
      </Layer>
      <Layer figure={figure} slot="pleats">
        {spec.pleats !== "flat" && (
          <Mirrored centre={C}>
            <path d={`M 32 14 L 32.5 30`} {...seam(paints)} />
            {spec.pleats === "double" && <path d={`M 38.5 14 L 38.8 27`} {...seam(paints)} />}
          </Mirrored>
        )}
      </Layer>
      <Layer figure={figure} slot="fly">
        {!skirt && (
          <>
            <path d={`M ${C + 4.5} 14 L ${C + 4.5} 56 Q ${C + 4.5} 62 ${C} 66`} {...stitch(paints)} />
            <path d={`M ${C} 14 L ${C} 70`} {...seam(paints)} />
            {spec.fly === "button" &&
              [24, 36, 48].map((y) => <Button key={y} x={C + 2.2} y={y} r={0.9} kind={buttons} paints={paints} />)}
          </>
        )}
      </Layer>
      <Layer figure={figure} slot="sidePockets">
        {!skirt && (
          <Mirrored centre={C}>
            {spec.sidePockets === "vertical" && <path d={`M ${19 - e} 15 L ${17.5 - e} 42`} {...seam(paints)} />}
            {spec.sidePockets === "jetted" && (
              <>
                <path d={`M ${21 - e} 24 L 34 23`} {...seam(paints)} />
                <path d={`M ${21 - e} 25.6 L 34 24.6`} {...seam(paints)} />
              </>
            )}
            {spec.sidePockets === "slanted" && <path d={`M ${24 - e} 14 L ${16.5 - e} 40`} {...seam(paints)} />}
          </Mirrored>
        )}
      </Layer>
      <Layer figure={figure} slot="waistband">
        {spec.waistband === "loops" && (
          <Mirrored centre={C}>
            {[22 - e, 38].map((x) => (
              <rect key={x} x={x} y={5} width={2.6} height={11} rx={0.6} {...outline(paints)} />
            ))}
          </Mirrored>
        )}
        {spec.waistband === "adjusters" && (
          <Mirrored centre={C}>
            <path d={`M ${15 - e} 8 L ${25 - e} 8.5 L ${25 - e} 11.5 L ${15 - e} 12 Z`} {...outline(paints)} />
            <rect
              x={23 - e}
              y={7.2}
              width={3.6}
              height={5.6}
              rx={0.5}
              fill="none"
              stroke="#8a8a8a"
              strokeWidth={0.9}
              vectorEffect="non-scaling-stroke"
            />
          </Mirrored>
        )}
        {spec.waistband === "braces" && (
          <Mirrored centre={C}>
            {[27, 34].map((x) => (
              <Button key={x} x={x} y={8.6} r={1.2} kind={buttons} paints={paints} />
            ))}
          </Mirrored>
        )}
      </Layer>
      <Layer figure={figure} slot="hem">
        {!skirt && spec.hem === "turn-up" && (
          <Mirrored centre={C}>
            <path
              d={
                spec.leg === "shorts"
                  ? `M ${16 - e} ${hem - 6} L 46 ${hem - 6}`
                  : `M ${21 - e * 0.6} ${hem - 6} L ${45 + e * 0.2} ${hem - 6}`
              }
              {...outline(paints)}
            />
          </Mirrored>
        )}
      </Layer>
      {skirt && <path d={`M ${C} 14 L ${C} ${hem - 22}`} {...seam(paints)} opacity={0.55} />}
    </>
  );
}

function Back({ figure, paints }: { figure: PreviewFigure; paints: Paints }) {
  const spec = figure.spec;
  const skirt = isSkirt(spec);
  const e = easeOf(spec.fit, 2.5, -2);
  const hem = hemOf(spec);
  const buttons = spec.buttons ?? "horn";
  const pocket = (x: number) => (
    <>
      <path d={`M ${x} 30 L ${x + 15} 30`} {...seam(paints)} />
      <path d={`M ${x} 31.6 L ${x + 15} 31.6`} {...seam(paints)} />
      <Button x={x + 7.5} y={27} r={1.1} kind={buttons} paints={paints} />
    </>
  );
  return (
    <>
      <Mirrored centre={C}>
        <path d={legPath(spec)} {...outline(paints)} />
        {!skirt && <path d={`M 32 34 L 32.5 ${hem - 1}`} {...seam(paints)} opacity={0.55} />}
      </Mirrored>
      <path
        d={`M ${(skirt ? 20 : 17) - e} 6 L ${W - (skirt ? 20 : 17) + e} 6 L ${W - (skirt ? 20 : 17) + e} 14 L ${(skirt ? 20 : 17) - e} 14 Z`}
        {...outline(paints)}
      />
      <path d={`M ${C} 14 L ${C} ${skirt ? hem - 20 : 74}`} {...seam(paints)} />
      {skirt && <path d={`M ${C} ${hem - 20} L ${C} ${hem}`} {...seam(paints)} />}
      <Layer figure={figure} slot="backLeft">
        {!skirt && spec.backLeft === "jetted" && pocket(24)}
      </Layer>
      <Layer figure={figure} slot="backRight">
        {!skirt && spec.backRight === "jetted" && pocket(W - 24 - 15)}
      </Layer>
    </>
  );
}

export const trousersDrawing: FigureDrawing = {
  front: {
    size: (spec) => ({ width: W, height: hemOf(spec) + 6 }),
    draw: (figure, paints) => <Front figure={figure} paints={paints} />,
  },
  back: {
    size: (spec) => ({ width: W, height: hemOf(spec) + 6 }),
    draw: (figure, paints) => <Back figure={figure} paints={paints} />,
  },
};
