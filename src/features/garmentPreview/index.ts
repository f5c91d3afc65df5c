/**
 * The live garment preview's public face: `<GarmentPreview category pieces fabric />`, which the
 * order summaries of every order flow show (quick, simple, professional and style orders).
 */
export { GarmentPreview, type GarmentPreviewProps } from "./GarmentPreview.tsx";
