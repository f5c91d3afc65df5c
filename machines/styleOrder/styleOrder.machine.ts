import { assign, stateIn } from "xstate";
import { ORDER_TYPE } from "../../domain/ids.ts";
import { emptyStyleForm, STYLE_STEP_RULES, translatedStyle } from "../../domain/orderEntry/style.ts";
import { serverMessage } from "../shared/messages.ts";
import { checked, initialContext, orderEntrySetup } from "../orderEntry/setup.ts";
import { STEP_RULES } from "../orderEntry/rules.ts";
import {
  checkingMethodState,
  customerFormOn,
  loadingPartsState,
  loadingStandardState,
  presizingState,
  savingState,
  sizeEditOn,
  submittingState,
} from "../orderEntry/states.ts";

/**
 * The style order (`/styleOrdering?id=`, order type 10, SO-001): a style of the catalogue bought in
 * three steps: 1 the product (pictures, name, delivery days, the price in the chosen fabric, the
 * fabric, the crafts of each garment piece) and Buy; 2 the customer; 3 the measurements, with Back,
 * Save To Cart and Submit (SO-014). Composed of the order-entry core (machines/orderEntry): its
 * customer form, measurement states, saving and submitting; its own rules are domain/orderEntry/style.ts.
 */

/** Save To Cart and Submit check the whole order: the product, the customer, the measurements. */
const ORDER_RULES = [...STYLE_STEP_RULES.product, ...STYLE_STEP_RULES.customer, ...STEP_RULES.measurements] as const;

/** The product step is on show and at rest (the fabric can be chosen only there). */
const atProduct = stateIn("#styleOrder.ordering.steps.product.editing");

/** SO-016: the style's pieces are fixed: the measurements offer no add-product of their own (nor load one). */
const { "user.toggleAddProduct": _addProduct, ...measurementEditOn } = sizeEditOn;

export const styleOrderMachine = orderEntrySetup.createMachine({
  id: "styleOrder",
  // D-02: a style order stores order type 10
  context: ({ input }) => ({
    ...initialContext({ ...input, orderType: ORDER_TYPE.style }),
    styleOrder: emptyStyleForm(input.styleId ?? 0),
  }),
  initial: "loading",
  on: {
    "user.dismissRefusal": { actions: "clearRefusal" },
    // Issue 20 §6: a language switch reads the style again; its names change, the choices stay
    "style.translated": {
      actions: assign(({ context, event }) =>
        context.styleOrder ? { styleOrder: translatedStyle(context.styleOrder, event.product) } : {},
      ),
    },
  },
  states: {
    // SO-024: the style and its category's setup
    loading: {
      tags: ["pending"],
      invoke: {
        id: "loadStyle",
        src: "loadStyle",
        input: ({ context }) => ({
          styleId: context.styleOrder!.id,
          orderId: context.orderId || null,
          mode: context.mode,
        }),
        // the price child starts with the loaded style and fabric (QO-085: an opened order names its style only here)
        onDone: { target: "ordering", actions: { type: "applyStyle", params: ({ event }) => event.output } },
        // The page says the style could not be loaded; a server message is shown beside it
        onError: { target: "failed", actions: assign({ refusal: ({ event }) => serverMessage(event.error) }) },
      },
    },
    failed: {},
    ordering: {
      type: "parallel",
      // SO-005: the price child prices the style in the chosen fabric (POST pc/style/{id}/calculatePrice)
      invoke: {
        id: "price",
        src: "price",
        input: ({ context }) => ({
          categoryId: context.categoryId,
          source: context.fabric.source,
          code: context.fabric.code,
          styleId: context.styleOrder!.id,
        }),
      },
      states: {
        // SO-006: the fabric, chosen among the style's (or typed), only on the product step; each change is priced (SO-005)
        fabric: {
          on: {
            "user.pickFabric": { guard: atProduct, actions: ["takeFabricCode", "dropBought", "quoteFabric"] },
            "user.typeFabric": { guard: atProduct, actions: ["takeFabricCode", "dropBought", "quoteFabric"] },
          },
        },
        steps: {
          initial: "product",
          states: {
            // Step 1: the product (SO-002..010); Buy checks the fabric and the required crafts (SO-017, SO-018),
            // then the server checks and prices the choice (SO-027)
            product: {
              initial: "editing",
              states: {
                editing: {
                  on: {
                    "user.setStyleCraft": { actions: "editStyle" },
                    "user.buy": checked(STYLE_STEP_RULES.product, { target: "buying", actions: "clearRefusal" }),
                  },
                },
                buying: {
                  tags: ["pending"],
                  invoke: {
                    id: "buyStyle",
                    src: "buyStyle",
                    input: ({ context }) => ({ context }),
                    // SO-011
                    onDone: {
                      target: "#styleOrder.ordering.steps.customer",
                      actions: { type: "takeBought", params: ({ event }) => event.output },
                    },
                    onError: { target: "editing", actions: "failed" },
                  },
                },
              },
            },
            // Step 2: the customer (SO-012, SO-019..022), with the customer book's autocomplete
            customer: {
              on: {
                ...customerFormOn,
                // SO-013
                "user.previous": { target: "#styleOrder.ordering.steps.product", actions: "clearRefusal" },
                "user.next": checked(STYLE_STEP_RULES.customer, {
                  target: "#styleOrder.ordering.steps.measurements",
                  actions: "clearRefusal",
                }),
              },
            },
            // Step 3: the measurements (the core's methods, posture and pre-calculation); Back, Save To Cart, Submit (SO-014)
            measurements: {
              initial: "checkingMethod",
              states: {
                checkingMethod: checkingMethodState,
                loadingParts: loadingPartsState,
                loadingStandard: loadingStandardState,
                editing: {
                  on: {
                    ...measurementEditOn,
                    // SO-013: a running call is never abandoned (only from here)
                    "user.previous": { target: "#styleOrder.ordering.steps.customer", actions: "clearRefusal" },
                    "user.save": checked(ORDER_RULES, { target: "saving", actions: "clearRefusal" }),
                    // QO-097, QO-162: body measurements need the pre-calculation before submit
                    "user.submit": checked([...ORDER_RULES, "isPresized"], {
                      target: "submitting",
                      actions: "clearRefusal",
                    }),
                  },
                },
                presizing: presizingState,
                saving: savingState("#styleOrder.done"),
                submitting: submittingState("#styleOrder.done"),
              },
            },
          },
        },
      },
    },
    done: { type: "final" },
  },
});

export type StyleOrderMachine = typeof styleOrderMachine;

export type { LoadStyleInput, StyleLoad } from "../orderEntry/types.ts";
export type { StyleProduct } from "../../domain/orderEntry/style.ts";
