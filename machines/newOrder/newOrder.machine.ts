import { assign } from "xstate";
import { serverMessage } from "../shared/messages.ts";
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
 * D-10: the four-step simple order (`/newOrder`, order type 7). It composes the order-entry core
 * (machines/orderEntry) like the quick order; only the steps differ: 1 fabric and the first half of
 * the craft groups, 2 the remaining craft groups with monogram and colour contrast, 3 style and
 * measurements, 4 customer and confirm (Save to cart and Submit only here).
 */

/** Step 4 checks the customer (D-06), then whatever an earlier step would refuse. */
const CONFIRM_RULES = [
  "hasCustomer",
  ...STEP_RULES.fabric,
  ...STEP_RULES.crafts,
  "isStyleOffered",
  ...STEP_RULES.measurements,
] as const;

export const newOrderMachine = orderEntrySetup.createMachine({
  id: "newOrder",
  context: ({ input }) => initialContext(input),
  invoke: priceInvoke,
  initial: "loading",
  on: { "user.dismissRefusal": { actions: "clearRefusal" } },
  states: {
    loading: loadingState("crafting"),
    failed: {},
    // Steps 1 and 2 share the crafts, so the picks of both halves live in one place. Each step's form
    // takes the craft edits itself: a region beside it (the price tip) handles them too, and a parallel
    // state's regions that handle an event hide its ancestors' transitions for that event.
    crafting: {
      // Issue 24: a new order started for a customer of the book (`/newOrder?customer=&measureSet=`,
      // src/features/customers/orderStart.ts, the quick order's one rule) picks them as soon as the order
      // has loaded, before the customer step; the measurements of step 3 load for them (and the kept set).
      on: { "user.pickCustomer": { actions: "editCustomer" } },
      initial: "fabricCrafts",
      states: {
        // Step 1: fabric and the first craft groups; Next needs the fabric (QO-134, QO-149, QO-163, QO-136)
        fabricCrafts: {
          type: "parallel",
          states: {
            form: {
              on: {
                ...craftFormOn,
                ...fabricFormOn,
                ...accessoryFormOn,
                "user.next": checked(STEP_RULES.fabric, {
                  target: "#newOrder.crafting.furtherCrafts",
                  actions: "clearRefusal",
                }),
              },
            },
            stock: stockRegion,
            // QO-038
            priceTip: priceTipRegion,
          },
        },
        // Step 2: the remaining craft groups, monogram and contrast; Next needs their checks
        furtherCrafts: {
          type: "parallel",
          states: {
            form: {
              on: {
                ...craftFormOn,
                "user.previous": { target: "#newOrder.crafting.fabricCrafts", actions: "clearRefusal" },
                // 000 §4: entering step 3 loads the style info and the measurements
                "user.next": checked([...STEP_RULES.crafts, "isStyleOffered"], {
                  target: "#newOrder.measurements",
                  actions: "clearRefusal",
                }),
              },
            },
            // QO-038
            priceTip: priceTipRegion,
          },
        },
      },
    },
    // Step 3: style and measurements; Next needs the size checks (QO-147, QO-148)
    measurements: {
      // QO-093: entering step 3 loads the style info (the category's base styles) beside the measurements
      invoke: {
        id: "loadStyles",
        src: "loadStyles",
        input: ({ context }) => ({ categoryId: context.categoryId }),
        onDone: {
          actions: [
            assign({
              styleBasic: ({ context, event }) => ({
                options: event.output,
                // the saved or chosen base stays if offered; otherwise the category's default
                chosen: event.output.some((o) => o.id === context.styleBasic.chosen)
                  ? context.styleBasic.chosen
                  : ((event.output.find((o) => o.isDefault === 1) ?? event.output[0])?.id ?? null),
              }),
            }),
            "quoteOrder",
          ],
        },
        // Without the list the order keeps its base (or none); the server checks what is sent.
        onError: { actions: assign({ refusal: ({ event }) => serverMessage(event.error) }) },
      },
      on: {
        // QO-093: a base style that does not offer a chosen craft is refused
        "user.pickStyle": [
          { guard: "isPickedStyleOffered", actions: ["pickStyle", "quoteOrder"] },
          { actions: "refuseStyle" },
        ],
      },
      initial: "checkingMethod",
      states: {
        checkingMethod: checkingMethodState,
        loadingParts: loadingPartsState,
        loadingStandard: loadingStandardState,
        loadingPiece: loadingPieceState,
        editing: {
          on: {
            ...sizeEditOn,
            "user.previous": { target: "#newOrder.crafting.furtherCrafts", actions: "clearRefusal" },
            "user.next": checked(["isStyleOffered", ...STEP_RULES.measurements], {
              target: "#newOrder.confirm",
              actions: "clearRefusal",
            }),
          },
        },
        presizing: presizingState,
      },
    },
    // Step 4: customer and confirm; Save to cart and Submit only here (D-15)
    confirm: {
      initial: "editing",
      states: {
        editing: {
          on: {
            ...customerFormOn,
            "user.previous": { target: "#newOrder.measurements", actions: "clearRefusal" },
            // A customer change after the pre-calculation can be calculated again here (QO-097)
            "user.presize": checked(STEP_RULES.measurements, { target: "presizing", actions: "clearRefusal" }),
            // A chosen customer or another length unit changes the parts: back to step 3 to load them again
            "user.save": [
              {
                guard: "needsParts",
                target: "#newOrder.measurements",
                actions: assign({ refusal: { key: "size.reloaded" } }),
              },
              ...checked(CONFIRM_RULES, { target: "saving", actions: "clearRefusal" }),
            ],
            // QO-097, QO-162: body measurements need the pre-calculation before submit
            "user.submit": [
              {
                guard: "needsParts",
                target: "#newOrder.measurements",
                actions: assign({ refusal: { key: "size.reloaded" } }),
              },
              ...checked([...CONFIRM_RULES, "isPresized"], { target: "submitting", actions: "clearRefusal" }),
            ],
          },
        },
        presizing: presizingState,
        saving: savingState("#newOrder.done"),
        submitting: submittingState("#newOrder.done"),
      },
    },
    done: { type: "final" },
  },
});

export type NewOrderMachine = typeof newOrderMachine;
