import type { SnapshotFrom } from "xstate";
import type { NewOrderMachine } from "./newOrder.machine.ts";

/**
 * What the simple order's views read (D-10); what every order flow shows is read through
 * machines/orderEntry/selectors.ts and feedback.selectors.ts.
 */
type Snap = Pick<SnapshotFrom<NewOrderMachine>, "matches">;

/** The step (0..3) a snapshot is at, or -1 while loading, failed or done (QO-005). */
export function newOrderStep(s: Snap): number {
  if (s.matches({ crafting: "fabricCrafts" })) return 0;
  if (s.matches({ crafting: "furtherCrafts" })) return 1;
  if (s.matches("measurements")) return 2;
  if (s.matches("confirm")) return 3;
  return -1;
}

/** D-10: the craft groups of step 1 (the first half, rounded up) and of step 2 (the rest). */
export { craftGroupsOfStep } from "../orderEntry/selectors.ts";
