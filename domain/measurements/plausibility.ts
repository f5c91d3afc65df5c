/**
 * Plausibility of a person's figures (issue 24, designed): values each within their limits but unlikely
 * together give a warning that names the values and says why. A warning never refuses: the customer book
 * and order entry save and order as before. One rule for both (the book's body tab, order entry's steps).
 */
import { GENDER } from "../ids.ts";
import { convertLength, convertWeight, HEIGHT_UNIT, round2, WEIGHT_UNIT } from "../units.ts";

export interface PlausibilityInput {
  genderId: number | null;
  height: string | number | null;
  heightUnit: number | null;
  weight: string | number | null;
  weightUnit: number | null;
  /** Body measurements (in the height's length unit) with the catalogue's part code when known. */
  parts?: ReadonlyArray<{ id: number; code?: string | undefined; name: string; value: string | number | null }>;
}

export type PlausibilityWarning =
  /** A height in cm that reads as a usual height in inches (70 "cm" is 177.8 cm if it was inches). */
  | { key: "plausibility.heightLooksLikeInches"; field: "height"; height: number; asCm: number }
  /** A weight in kg that reads as a usual weight in lb (the body mass index only fits then). */
  | { key: "plausibility.weightLooksLikeLb"; field: "weight"; weight: number; asKg: number; bmi: number }
  /** Height and weight that give a body mass index no adult has. */
  | { key: "plausibility.bodyMassIndex"; field: "weight"; bmi: number; min: number; max: number }
  /** A man's chest far smaller than his waist (a suit cut from it would not close or hang). */
  | {
      key: "plausibility.chestBelowWaist";
      field: `measurement.${number}`;
      chest: string;
      waist: string;
      chestValue: number;
      waistValue: number;
      unit: "cm" | "inch";
    };

/** Heights from 140 to 230 cm are usual for an adult; a "cm" height that is one of them in inches looks like inches. */
const USUAL_HEIGHT_CM = { min: 140, max: 230 } as const;
/** The body mass index an adult has (kg / m²); outside it height and weight do not fit together. */
const BMI_RANGE = { min: 13, max: 60 } as const;
/** A man's chest smaller than this share of his waist is called far smaller. */
const CHEST_WAIST_RATIO = 0.8;

const numberOf = (value: string | number | null | undefined): number | null => {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const n = Number(text);
  return n > 0 ? n : null;
};

const bmiOf = (kg: number, cm: number) => round2(kg / (cm / 100) ** 2);
const usualHeight = (cm: number) => cm >= USUAL_HEIGHT_CM.min && cm <= USUAL_HEIGHT_CM.max;
const fits = (bmi: number) => bmi >= BMI_RANGE.min && bmi <= BMI_RANGE.max;

/** Every warning about the figures, in form order (height, weight, measurements); none when all is plausible or unknown. */
export function plausibilityWarnings(input: PlausibilityInput): PlausibilityWarning[] {
  const warnings: PlausibilityWarning[] = [];
  const height = numberOf(input.height);
  const weight = numberOf(input.weight);
  const heightUnit = input.heightUnit ?? HEIGHT_UNIT.cm;
  const heightCm = height === null ? null : convertLength(height, heightUnit, HEIGHT_UNIT.cm);
  let heightIsInches = false;
  if (height !== null && heightUnit === HEIGHT_UNIT.cm && !usualHeight(height)) {
    const asCm = convertLength(height, HEIGHT_UNIT.inch, HEIGHT_UNIT.cm);
    if (usualHeight(asCm)) {
      heightIsInches = true;
      warnings.push({ key: "plausibility.heightLooksLikeInches", field: "height", height, asCm });
    }
  }
  // The body mass index, with the height as meant when it looks like inches.
  if (heightCm !== null && weight !== null) {
    const cm = heightIsInches ? convertLength(height!, HEIGHT_UNIT.inch, HEIGHT_UNIT.cm) : heightCm;
    const weightUnit = input.weightUnit ?? WEIGHT_UNIT.kg;
    const kg = convertWeight(weight, weightUnit, WEIGHT_UNIT.kg);
    const bmi = bmiOf(kg, cm);
    if (!fits(bmi)) {
      const asKg = convertWeight(weight, WEIGHT_UNIT.lb, WEIGHT_UNIT.kg);
      if (weightUnit === WEIGHT_UNIT.kg && fits(bmiOf(asKg, cm)))
        warnings.push({ key: "plausibility.weightLooksLikeLb", field: "weight", weight, asKg, bmi });
      else warnings.push({ key: "plausibility.bodyMassIndex", field: "weight", bmi, ...BMI_RANGE });
    }
  }
  // A men's garment: the chest is not far smaller than the waist.
  if (input.genderId === GENDER.male && input.parts) {
    const chest = input.parts.find((p) => p.code === "chest");
    const waist = input.parts.find((p) => p.code === "waist");
    const chestValue = numberOf(chest?.value);
    const waistValue = numberOf(waist?.value);
    if (chest && waist && chestValue !== null && waistValue !== null && chestValue < waistValue * CHEST_WAIST_RATIO)
      warnings.push({
        key: "plausibility.chestBelowWaist",
        field: `measurement.${chest.id}`,
        chest: chest.name,
        waist: waist.name,
        chestValue,
        waistValue,
        unit: heightUnit === HEIGHT_UNIT.inch ? "inch" : "cm",
      });
  }
  return warnings;
}
