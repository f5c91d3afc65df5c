/**
 * The garment preview's rules, for the feature's views (views reach domain/ through their feature's
 * own module): the mapping from garment category, crafts and fabric to the figures and layers drawn.
 */
export {
  garmentPreviewOf,
  type GarmentPreview,
  type GarmentPreviewInput,
  type PreviewFigure,
  type PreviewFill,
} from "../../../domain/garmentPreview.ts";
