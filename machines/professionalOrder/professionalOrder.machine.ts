import { assign } from "xstate";
import { checked, initialContext, orderEntrySetup, orderFailure } from "../orderEntry/setup.ts";
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
  pieceFormOn,
  presizingState,
  priceInvoke,
  priceTipRegion,
  savingState,
  sizeEditOn,
  stockRegion,
  submittingState,
} from "../orderEntry/states.ts";
import { ORDER_TYPE } from "../../domain/ids.ts";

/**
 * The professional order (`/peofessionalOrder`, order type 8, 000 §2.7, PO-001..039): one page, not
 * a wizard. Every section is editable at once (fabric, crafts and monogram per garment piece,
 * customer, measurement method, posture and measurements, PO-011); Save to cart and Submit run the
 * documented checks in the documented order (PO-022, STEP_RULES.professional) and have the same
 * outcomes as the quick order. Composed of the order-entry core (machines/orderEntry).
 *
 * Regions of the page (parallel): the form's edits, the fabric's stock check, the price tip of a
 * priced craft, and the measurements with saving and submitting (Save and Submit are taken while
 * the measurements are at rest: a load running, they wait).
 */
const chart = orderEntrySetup.createMachine({
  id: "professionalOrder",
  // PO-001: order type 8
  context: ({ input }) => initialContext({ ...input, orderType: ORDER_TYPE.professional }),
  invoke: priceInvoke,
  initial: "loading",
  on: { "user.dismissRefusal": { actions: "clearRefusal" } },
  states: {
    loading: loadingState("entry"),
    failed: {},
    entry: {
      type: "parallel",
      states: {
        form: {
          on: {
            ...customerFormOn,
            ...fabricFormOn,
            ...accessoryFormOn,
            ...craftFormOn,
            // PO-002: the further pieces' crafts and monogram rows
            ...pieceFormOn,
          },
        },
        // PO-012..014: an MTM fabric picked from the stock search
        stock: stockRegion,
        // QO-038
        priceTip: priceTipRegion,
        sizes: {
          initial: "checkingMethod",
          states: {
            checkingMethod: checkingMethodState,
            loadingParts: loadingPartsState,
            loadingStandard: loadingStandardState,
            loadingPiece: loadingPieceState,
            editing: {
              on: {
                ...sizeEditOn,
                // A chosen customer (their stored sizes) or another length unit (the bounds) loads the parts
                // again; the form region takes the edit itself at the same time
                "user.pickCustomer": { target: "checkingMethod" },
                "user.setHeightUnit": { target: "checkingMethod" },
                // PO-022..038, PO-008; parts loaded for another customer or unit are loaded again first
                "user.save": [
                  {
                    guard: "needsParts",
                    target: "checkingMethod",
                    actions: assign({ refusal: { key: "size.reloaded" } }),
                  },
                  ...checked(STEP_RULES.professional, { target: "saving", actions: "clearRefusal" }),
                ],
                "user.submit": [
                  {
                    guard: "needsParts",
                    target: "checkingMethod",
                    actions: assign({ refusal: { key: "size.reloaded" } }),
                  },
                  ...checked(STEP_RULES.professional, { target: "submitting", actions: "clearRefusal" }),
                ],
              },
            },
            presizing: presizingState,
            saving: savingState("#professionalOrder.done"),
            submitting: submittingState("#professionalOrder.done"),
          },
        },
      },
    },
    done: { type: "final" },
  },
});

/** The calls whose failure the page says (000 §8): save, submit and the pre-size; PO-039: the others end silently. */
const SPOKEN_FAILURES = ["saveOrder", "submitOrder", "presize"];

export const professionalOrderMachine = chart.provide({
  actions: {
    // PO-039: a failed stock check or measurement load changes nothing on show
    failed: assign({
      refusal: ({ context, event }) =>
        SPOKEN_FAILURES.some((id) => event.type === `xstate.error.actor.${id}`)
          ? orderFailure((event as { error?: unknown }).error)
          : context.refusal,
    }),
  },
});

export type ProfessionalOrderMachine = typeof professionalOrderMachine;

export type { OrderMode, OrderSetup as ProfessionalOrderSetup } from "../orderEntry/types.ts";
