/** Step-1 customer rules of the simple and quick orders (000 §4, §5; D-06). */
export const GENDER = { male: 10040, female: 10041 } as const;

export interface BasicInfo {
  customerName: string;
  shortName: string;
  height: string;
  heightUnit: number | null;
  weight: string;
  weightUnit: number | null;
  genderId: number | null;
  fabric: string;
}

export type BasicInfoRefusal =
  | { key: "customer.nameRequired" } // QO-130
  | { key: "customer.nicknameRequired" } // D-06
  | { key: "customer.heightRequired" } // QO-131
  | { key: "customer.weightRequired" } // D-06
  | { key: "customer.weightUnitRequired" } // QO-132
  | { key: "customer.genderRequired" } // QO-133
  | { key: "order.fabricRequired" }; // QO-134

/**
 * QO-130..135 with D-06 (nickname and weight are required too): checked in this order; the first
 * failure stops.
 */
export function firstBasicInfoRefusal(info: BasicInfo): BasicInfoRefusal | null {
  if (!info.customerName.trim()) return { key: "customer.nameRequired" };
  if (!info.shortName.trim()) return { key: "customer.nicknameRequired" };
  if (!info.height.trim()) return { key: "customer.heightRequired" };
  if (!info.weight.trim()) return { key: "customer.weightRequired" };
  if (info.weightUnit === null) return { key: "customer.weightUnitRequired" };
  if (info.genderId === null) return { key: "customer.genderRequired" };
  if (!info.fabric.trim()) return { key: "order.fabricRequired" };
  return null;
}

/** QO-122, QO-123: male by default, female when the first category's code starts with W. */
export const defaultGender = (firstCategoryCode: string | undefined) =>
  firstCategoryCode?.toUpperCase().startsWith("W") ? GENDER.female : GENDER.male;

/** QO-020: month, date and year joined as year-month-day (zero-padded); incomplete → empty. */
export function joinBirthday(month: string, date: string, year: string): string {
  const [m, d, y] = [Number(month), Number(date), Number(year)];
  if (!Number.isInteger(m) || !Number.isInteger(d) || !Number.isInteger(y) || !month || !date || !year) return "";
  const candidate = new Date(Date.UTC(y, m - 1, d));
  if (candidate.getUTCFullYear() !== y || candidate.getUTCMonth() !== m - 1 || candidate.getUTCDate() !== d) return "";
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}
