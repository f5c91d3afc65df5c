import { checked, initialContext, orderEntrySetup } from "../orderEntry/setup.ts";
import { STEP_RULES } from "../orderEntry/rules.ts";
import {
  accessoryFormOn,
  checkingMethodState,
  craftFormOn,
  customerFormOn,
  fabricFormOn,
  loadingPartsState,
  loadingPieceState,
  loadingStandardState,
  loadingState,
  presizingState,
  priceInvoke,
  priceTipRegion,
  savingState,
  sizeEditOn,
  stockRegion,
  submittingState,
} from "../orderEntry/states.ts";

/**
 * The three-step quick order (`/quickOrder`, order type 7, QO-001..004): 1 customer, fabric and
 * accessories; 2 crafts, monogram and colour contrast; 3 measurements, with Save to cart and Submit
 * (D-15). Composed of the order-entry core (machines/orderEntry); read it top to bottom as the chart.
 */
export const quickOrderMachine = orderEntrySetup.createMachine({
  id: "quickOrder",
  context: ({ input }) => initialContext(input),
  invoke: priceInvoke,
  initial: "loading",
  on: { "user.dismissRefusal": { actions: "clearRefusal" } },
  states: {
    loading: loadingState("basicInfo"),
    failed: {},
    // Step 1: Basic Info (QO-004)
    basicInfo: {
      type: "parallel",
      states: {
        form: {
          on: {
            ...customerFormOn,
            ...fabricFormOn,
            ...accessoryFormOn,
            // QO-088, QO-130..136, QO-163
            "user.next": checked(STEP_RULES.customerAndFabric, {
              target: "#quickOrder.crafts",
              actions: "clearRefusal",
            }),
          },
        },
        stock: stockRegion,
      },
    },
    // Step 2: Crafts (QO-004; QO-090: the first group opens first)
    crafts: {
      type: "parallel",
      states: {
        form: {
          on: {
            ...craftFormOn,
            // QO-092
            "user.previous": { target: "#quickOrder.basicInfo", actions: "clearRefusal" },
            // QO-089, QO-137..145, QO-150; QO-091: step 3 loads the measurements of the chosen method
            "user.next": checked(STEP_RULES.crafts, { target: "#quickOrder.sizeBody", actions: "clearRefusal" }),
          },
        },
        // QO-038
        priceTip: priceTipRegion,
      },
    },
    // Step 3: Size & Body (QO-004); Save to cart and Submit only here (D-15)
    sizeBody: {
      initial: "checkingMethod",
      states: {
        checkingMethod: checkingMethodState,
        loadingParts: loadingPartsState,
        loadingStandard: loadingStandardState,
        loadingPiece: loadingPieceState,
        editing: {
          on: {
            ...sizeEditOn,
            // QO-092: back one step; a running call is never abandoned (only from here)
            "user.previous": { target: "#quickOrder.crafts", actions: "clearRefusal" },
            "user.save": checked([...STEP_RULES.customerAndFabric, ...STEP_RULES.crafts, ...STEP_RULES.measurements], {
              target: "saving",
              actions: "clearRefusal",
            }),
            // QO-097, QO-162: body measurements need the pre-calculation before submit
            "user.submit": checked(
              [...STEP_RULES.customerAndFabric, ...STEP_RULES.crafts, ...STEP_RULES.measurements, "isPresized"],
              { target: "submitting", actions: "clearRefusal" },
            ),
          },
        },
        presizing: presizingState,
        saving: savingState("#quickOrder.done"),
        submitting: submittingState("#quickOrder.done"),
      },
    },
    done: { type: "final" },
  },
});

export type QuickOrderMachine = typeof quickOrderMachine;

/** The types the quick order's feature reads (one context and one event set for every order flow). */
export type {
  AccessorySynced,
  OrderEntryEmitted,
  CustomerPick,
  DraftInput,
  LoadMeasurementsInput,
  LoadPiecePartsInput,
  LoadSetupInput,
  LoadStandardSizesInput,
  OrderEntryContext as QuickOrderContext,
  OrderEntryEvent as QuickOrderEvent,
  OrderEntryNotice as QuickOrderNotice,
  OrderMode,
  OrderSaved,
  OrderSubmitted,
  OrderSetup as QuickOrderSetup,
  PieceParts,
  RememberedPicks,
  SizeLoad,
  StyleOption,
} from "../orderEntry/types.ts";
