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

export function firstContrastRefusal(picks: readonly ContrastPick[]): ContrastRefusal | null {
  for (const pick of picks) {
    if (pick.positions.length === 0) continue;
    if (pick.chooseFabric === null) return { key: "contrast.fabricRequired", site: pick.siteName };
    if (pick.fabricKind === "TEXT" && !pick.text.trim()) return { key: "contrast.textRequired", site: pick.siteName };
  }
  return null;
}
