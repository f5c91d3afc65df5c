import { assign, sendParent, setup } from "xstate";
import type { ContrastPick } from "./contrastRules.ts";

/**
 * The colour-contrast picks of one garment (QO-035, QO-036): one pick per contrast site (its
 * positions, its contrast fabric and a TEXT fabric's value). Reused by the simple, quick and
 * professional orders; it tells its parent every change (`contrast.changed`), which checks the
 * picks on Next (QO-143, QO-144) and saves them.
 */
export interface ContrastInput {
  picks: ContrastPick[];
}
export interface ContrastContext {
  picks: ContrastPick[];
}
/** `patch` never renames the site: the sites come with the category. */
export type ContrastEvent = {
  type: "user.editContrast";
  index: number;
  patch: Partial<Omit<ContrastPick, "siteName">>;
};
export type ContrastChanged = { type: "contrast.changed"; picks: ContrastPick[] };

/** What an edit makes of the picks. */
const nextContrast = (picks: readonly ContrastPick[], event: ContrastEvent): ContrastPick[] =>
  picks.map((pick, i) => (i === event.index ? { ...pick, ...event.patch, siteName: pick.siteName } : pick));

export const contrastMachine = setup({
  types: { context: {} as ContrastContext, events: {} as ContrastEvent, input: {} as ContrastInput },
  actions: {
    apply: assign({ picks: ({ context, event }) => nextContrast(context.picks, event) }),
    tellParent: sendParent(({ context }): ContrastChanged => ({ type: "contrast.changed", picks: context.picks })),
  },
  guards: {
    // Only a site of the category can be edited
    isSite: ({ context, event }) =>
      Number.isInteger(event.index) && event.index >= 0 && event.index < context.picks.length,
  },
}).createMachine({
  id: "contrast",
  context: ({ input }) => ({ picks: input.picks }),
  on: {
    "user.editContrast": { guard: "isSite", actions: ["apply", "tellParent"] },
  },
});
