/** Contrast fabric rules of order entry (000 §5). */
export interface ContrastPick {
  siteName: string;
  /** Positions chosen on this contrast site. */
  positions: readonly number[];
  fabricKind: "IMAGE" | "TEXT" | null;
  /** QO-055: the chosen contrast fabric (its id) and its code (a catalogue fabric code, OTHER for a TEXT one). */
  chooseFabric: number | null;
  chooseFabricCode: string;
  text: string;
}

export type ContrastRefusal =
  | { key: "contrast.fabricRequired"; site: string } // QO-143
  | { key: "contrast.textRequired"; site: string }; // QO-144

/** What a contrast pick lacks: a pick with positions needs a fabric (QO-143), a TEXT fabric its text (QO-144). */
export function missingInPick(
  pick: Pick<ContrastPick, "positions" | "chooseFabric" | "fabricKind" | "text">,
): "fabric" | "text" | null {
  if (pick.positions.length === 0) return null;
  if (pick.chooseFabric === null) return "fabric";
  return pick.fabricKind === "TEXT" && !pick.text.trim() ? "text" : null;
}

export function firstContrastRefusal(picks: readonly ContrastPick[]): ContrastRefusal | null {
  for (const pick of picks) {
    const missing = missingInPick(pick);
    if (missing)
      return { key: missing === "fabric" ? "contrast.fabricRequired" : "contrast.textRequired", site: pick.siteName };
  }
  return null;
}

/** QO-035: a contrast site of the category with its positions and contrast fabrics. */
export interface ContrastSiteOption {
  id: number;
  name: string;
  positions: Array<{ id: number; name: string; price: string; moneyType?: string }>;
  fabrics: Array<{
    id: number;
    code: string;
    name: string;
    sourceType: "IMAGE" | "TEXT";
    price: string;
    moneyType?: string;
  }>;
}

/** The stable field id of a contrast site (the field a refusal names). */
export const contrastField = (siteIndex: number) => `contrast.${siteIndex}` as const;

/** The contrast picks' edits (QO-035, QO-036), as the flows receive them: `site` is the site's index. */
export type ContrastEdit =
  /** `patch` never renames the site: the sites come with the category. */
  | { type: "user.editContrast"; index: number; patch: Partial<Omit<ContrastPick, "siteName">> }
  | { type: "user.toggleContrastPosition"; site: number; position: number }
  | { type: "user.pickContrastFabric"; site: number; fabricId: number | null }
  | { type: "user.setContrastText"; site: number; text: string };

const siteIndexOf = (edit: ContrastEdit) => (edit.type === "user.editContrast" ? edit.index : edit.site);

/** Only a site of the category can be edited. */
export const isContrastSite = (picks: readonly ContrastPick[], edit: ContrastEdit) => {
  const index = siteIndexOf(edit);
  return Number.isInteger(index) && index >= 0 && index < picks.length;
};

/** The contrast picks' reducer: what an edit makes of the picks (`sites`: the category's, for a fabric's code and kind). */
export function editContrast(
  picks: readonly ContrastPick[],
  edit: ContrastEdit,
  sites: readonly ContrastSiteOption[] = [],
): ContrastPick[] {
  const index = siteIndexOf(edit);
  const patchOf = (pick: ContrastPick): Partial<Omit<ContrastPick, "siteName">> => {
    switch (edit.type) {
      case "user.editContrast":
        return edit.patch;
      // QO-035: a position is chosen or unchosen on its site
      case "user.toggleContrastPosition":
        return {
          positions: pick.positions.includes(edit.position)
            ? pick.positions.filter((p) => p !== edit.position)
            : [...pick.positions, edit.position],
        };
      // QO-055: the contrast fabric, its code and its kind (a TEXT fabric takes a value, QO-144)
      case "user.pickContrastFabric": {
        const fabric = sites[index]?.fabrics.find((f) => f.id === edit.fabricId);
        return {
          chooseFabric: fabric?.id ?? null,
          chooseFabricCode: fabric?.code ?? "",
          fabricKind: fabric?.sourceType ?? null,
        };
      }
      case "user.setContrastText":
        return { text: edit.text };
    }
  };
  return picks.map((pick, i) => (i === index ? { ...pick, ...patchOf(pick), siteName: pick.siteName } : pick));
}
