import { memo, useMemo } from "react";
import { useLingui } from "@lingui/react";
import { garmentPreviewOf, type GarmentPreviewInput } from "./preview.ts";
import { describePreview } from "./labels.ts";
import { GarmentSketch } from "./sketch.tsx";

export type GarmentPreviewProps = GarmentPreviewInput & {
  /** The garment's name that leads the accessible name ("Suit preview: ..."). */
  name?: string;
  className?: string;
};

/**
 * The live garment preview (issue 10): a flat sketch of the order's garment that follows the main
 * choices (lapel, closure, pockets, vents, collar, cuffs ...) and is filled with the chosen fabric.
 * Drawn in the browser from the choices, with no request per change.
 *
 * Props: `category` the order's garment category (3000 suit ...); `pieces` each garment piece with
 * its chosen crafts' codes (`craftCodesOf(tree, ids)` in machines/orderEntry/selectors.ts turns a
 * selection into codes; a piece of another kind adds its figure, e.g. a suit's waistcoat);
 * `fabric` the fabric source and code ("" when none yet); `name` the garment's name for the label.
 */
export const GarmentPreview = memo(function GarmentPreview(props: GarmentPreviewProps) {
  const { i18n } = useLingui();
  const { category, pieces, fabric } = props;
  const preview = useMemo(() => garmentPreviewOf({ category, pieces, fabric }), [category, pieces, fabric]);
  if (preview.figures.length === 0) return null;
  return (
    <GarmentSketch
      preview={preview}
      label={describePreview(preview, i18n, props.name)}
      className={props.className ?? "mx-auto block h-auto max-h-64 w-full"}
    />
  );
});
