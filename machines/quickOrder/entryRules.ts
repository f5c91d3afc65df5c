import { disabledParts, indexTree } from "../shared/crafts/craftTree.ts";
import type { QuickOrderContext } from "./quickOrder.machine.ts";

/**
 * The order-entry constants and context rules both the machines and the draft (draft.ts) use; kept
 * apart from the machine module so the machine can import the draft's functions without a cycle.
 */

/** QO-001, D-02: the quick order stores order type 7. */
export const QUICK_ORDER_TYPE = 7;
/** QO-067: body measurements by default; QO-075: the three methods. */
export const SIZE_METHOD = { body: 10052, finished: 10053, standard: 10054 } as const;

/** The category's craft tree, indexed. */
export const craftIndexOf = (context: QuickOrderContext) => indexTree(context.setup?.tree ?? []);

/** QO-121: the measurement parts the chosen crafts disable for the chosen method (skipped by checks, hidden by views). */
export const disabledPartsOf = (context: QuickOrderContext): Set<number> =>
  context.size.method
    ? // Standard sizes are finished measurements: the extension's finished-garment mode applies.
      disabledParts(
        craftIndexOf(context),
        context.crafts.selected,
        context.size.method === SIZE_METHOD.standard ? SIZE_METHOD.finished : context.size.method,
      )
    : new Set<number>();
