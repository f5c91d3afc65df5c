/** One entry of a pager: a page number, or a gap ("…") standing for the pages left out. */
export type PageItem = { type: "page"; page: number } | { type: "gap"; key: "start" | "end" };

/**
 * The pages a pager shows: always the first and the last, the current one with `siblings` pages on
 * each side, and a gap where pages are left out. A gap never stands for a single page (that page is
 * shown instead), so the pager keeps the same width as the current page moves.
 * Pages are 1-based; `current` is clamped into 1..total; no pages for a total below 1.
 */
export function pageItems(current: number, total: number, siblings = 1): PageItem[] {
  if (!Number.isInteger(total) || total < 1) return [];
  const page = Math.min(Math.max(Math.trunc(current) || 1, 1), total);
  // first + last + current + siblings on both sides + two gaps
  const slots = 2 * siblings + 5;
  const range = (from: number, to: number): PageItem[] =>
    Array.from({ length: to - from + 1 }, (_, i) => ({ type: "page", page: from + i }));
  if (total <= slots) return range(1, total);

  const left = Math.max(page - siblings, 1);
  const right = Math.min(page + siblings, total);
  const gapLeft = left > 3;
  const gapRight = right < total - 2;
  const edge = 3 + 2 * siblings; // pages shown on one side when only the other side has a gap

  if (!gapLeft && gapRight) return [...range(1, edge), { type: "gap", key: "end" }, ...range(total, total)];
  if (gapLeft && !gapRight) return [...range(1, 1), { type: "gap", key: "start" }, ...range(total - edge + 1, total)];
  return [
    ...range(1, 1),
    { type: "gap", key: "start" },
    ...range(left, right),
    { type: "gap", key: "end" },
    ...range(total, total),
  ];
}
