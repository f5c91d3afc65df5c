import type { SnapshotFrom } from "xstate";
import type { QuickOrderMachine } from "./quickOrder.machine.ts";

/**
 * What the quick order's views read (QO-004); what every order flow shows is read through
 * machines/orderEntry/selectors.ts and feedback.selectors.ts.
 */
type Snap = Pick<SnapshotFrom<QuickOrderMachine>, "matches">;

/** QO-004: the three steps, in order. */
const STEPS = ["basicInfo", "crafts", "sizeBody"] as const;

/** The step (0..2) a snapshot is at, or -1 while loading, failed or done (QO-005). */
export const quickOrderStep = (s: Snap): number => STEPS.findIndex((step) => s.matches(step));
