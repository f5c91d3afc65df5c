import { assign, type SnapshotFrom } from "xstate";
import { serverMessage } from "../shared/messages.ts";
import { craftGroups, type CraftNode } from "../shared/crafts/craftTree.ts";
import {
  accessoryRefusal,
  accessoryToCraftsOn,
  checkingMethodState,
  craftExtrasOn,
  priceInvoke,
  draftToPriceOn,
  craftChildrenInvoke,
  customerFormOn,
  customerInvoke,
  measurementsInvoke,
  customerRefusal,
  fabricFormOn,
  fabricRefusal,
  initialContext,
  loadingPartsState,
  loadingPieceState,
  loadingStandardState,
  loadingState,
  orderEntrySetup,
  presizingState,
  savingState,
  sizeEditOn,
  step2Refusal,
  step3Refusal,
  stockRegion,
  styleRefusal,
  submittingState,
  type QuickOrderContext,
} from "../quickOrder/quickOrder.machine.ts";

/**
 * D-10: the four-step simple order (`/newOrder`). It shares the quick order's context shape, rules,
 * actors, crafts child machine and draft builder (machines/quickOrder/draft.ts); only the steps differ:
 * 1 fabric and the first half of the craft groups, 2 the remaining craft groups with monogram and
 * colour contrast, 3 style and measurements, 4 customer and confirm (Save to cart and Submit only here).
 */

/**
 * The craft groups of step 1 (the first half, rounded up) and step 2 (the rest); the accessory groups
 * are chosen with the fabric (QO-017) and are not among them.
 */
export function craftGroupsOfStep(
  tree: readonly CraftNode[],
  step: "first" | "rest" | "all",
  garmentCategory: number,
): CraftNode[] {
  const groups = craftGroups(tree, garmentCategory);
  const half = Math.ceil(groups.length / 2);
  return step === "first" ? groups.slice(0, half) : step === "rest" ? groups.slice(half) : groups;
}

/** Step 4's refusal on save or submit: the customer (D-06), then whatever an earlier step would refuse. */
export function confirmRefusal(context: QuickOrderContext, forSubmit: boolean) {
  return (
    customerRefusal(context) ??
    fabricRefusal(context) ??
    accessoryRefusal(context) ??
    step2Refusal(context) ??
    styleRefusal(context) ??
    step3Refusal(context, forSubmit)
  );
}

export const newOrderMachine = orderEntrySetup
  .extend({
    guards: {
      isConfirmRefused: ({ context }) => confirmRefusal(context, false) !== null,
      // QO-093: the chosen base style offers every chosen craft
      isChosenStyleRefused: ({ context }) => styleRefusal(context) !== null,
      isConfirmSubmitRefused: ({ context }) => confirmRefusal(context, true) !== null,
    },
  })
  .createMachine({
    id: "newOrder",
    context: ({ input }) => initialContext(input),
    invoke: priceInvoke,
    initial: "loading",
    on: { "user.dismissRefusal": { actions: "clearRefusal" }, ...draftToPriceOn },
    states: {
      loading: loadingState("crafting"),
      failed: {},
      // Steps 1 and 2 share one crafts child machine, so the picks of both halves live in one place.
      crafting: {
        invoke: craftChildrenInvoke,
        on: { ...craftExtrasOn },
        initial: "fabricCrafts",
        states: {
          // Step 1: fabric and the first craft groups; Next needs the fabric (QO-134, QO-149, QO-163)
          fabricCrafts: {
            type: "parallel",
            states: {
              form: {
                on: {
                  ...fabricFormOn,
                  ...accessoryToCraftsOn,
                  "user.next": [
                    {
                      guard: "isFabricStepRefused",
                      actions: assign({
                        refusal: ({ context }) => fabricRefusal(context) ?? accessoryRefusal(context),
                      }),
                    },
                    { target: "#newOrder.crafting.furtherCrafts", actions: "clearRefusal" },
                  ],
                },
              },
              stock: stockRegion,
            },
          },
          // Step 2: the remaining craft groups, monogram and contrast; Next needs their checks
          furtherCrafts: {
            on: {
              "user.previous": { target: "fabricCrafts", actions: "clearRefusal" },
              "user.next": [
                { guard: "isStep2Refused", actions: assign({ refusal: ({ context }) => step2Refusal(context) }) },
                { guard: "isChosenStyleRefused", actions: assign({ refusal: ({ context }) => styleRefusal(context) }) },
                // 000 §4: entering step 3 loads the style info and the measurements
                { target: "#newOrder.measurements", actions: "clearRefusal" },
              ],
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
            actions: assign({
              styleBasic: ({ context, event }) => ({
                options: event.output,
                // the saved or chosen base stays if offered; otherwise the category's default
                chosen: event.output.some((o) => o.id === context.styleBasic.chosen)
                  ? context.styleBasic.chosen
                  : ((event.output.find((o) => o.isDefault === 1) ?? event.output[0])?.id ?? null),
              }),
            }),
          },
          // Without the list the order keeps its base (or none); the server checks what is sent.
          onError: { actions: assign({ refusal: ({ event }) => serverMessage(event.error) }) },
        },
        on: {
          "user.pickStyle": [
            {
              guard: "isStyleRefused",
              actions: assign({ refusal: ({ context, event }) => styleRefusal(context, event.styleBasicId) }),
            },
            {
              actions: assign({
                styleBasic: ({ context, event }) => ({ ...context.styleBasic, chosen: event.styleBasicId }),
                refusal: null,
              }),
            },
          ],
        },
        initial: "checkingMethod",
        states: {
          checkingMethod: checkingMethodState,
          loadingParts: loadingPartsState,
          loadingStandard: loadingStandardState,
          loadingPiece: loadingPieceState,
          editing: {
            invoke: measurementsInvoke,
            on: {
              ...sizeEditOn,
              "user.previous": { target: "#newOrder.crafting.furtherCrafts", actions: "clearRefusal" },
              "user.next": [
                { guard: "isChosenStyleRefused", actions: assign({ refusal: ({ context }) => styleRefusal(context) }) },
                { guard: "isSizeRefused", actions: assign({ refusal: ({ context }) => step3Refusal(context, false) }) },
                { target: "#newOrder.confirm", actions: "clearRefusal" },
              ],
            },
          },
          presizing: presizingState,
        },
      },
      // Step 4: customer and confirm; Save to cart and Submit only here (D-15)
      confirm: {
        // The customer child machine holds the form while the step is shown
        invoke: customerInvoke,
        initial: "editing",
        states: {
          editing: {
            on: {
              ...customerFormOn,
              "user.previous": { target: "#newOrder.measurements", actions: "clearRefusal" },
              // A customer change after the pre-calculation can be calculated again here (QO-097)
              "user.presize": [
                { guard: "isSizeRefused", actions: assign({ refusal: ({ context }) => step3Refusal(context, false) }) },
                { target: "presizing", actions: "clearRefusal" },
              ],
              // A chosen customer or another length unit changes the parts: back to step 3 to load them again
              "user.save": [
                {
                  guard: "needsParts",
                  target: "#newOrder.measurements",
                  actions: assign({ refusal: { key: "size.reloaded" } }),
                },
                {
                  guard: "isConfirmRefused",
                  actions: assign({ refusal: ({ context }) => confirmRefusal(context, false) }),
                },
                { target: "saving", actions: "clearRefusal" },
              ],
              // QO-097, QO-162: body measurements need the pre-calculation before submit
              "user.submit": [
                {
                  guard: "needsParts",
                  target: "#newOrder.measurements",
                  actions: assign({ refusal: { key: "size.reloaded" } }),
                },
                {
                  guard: "isConfirmSubmitRefused",
                  actions: assign({ refusal: ({ context }) => confirmRefusal(context, true) }),
                },
                { target: "submitting", actions: "clearRefusal" },
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

/** The step (0..3) a snapshot is at, or -1 while loading, failed or done (QO-005). */
export function newOrderStep(s: SnapshotFrom<NewOrderMachine>): number {
  if (s.matches({ crafting: "fabricCrafts" })) return 0;
  if (s.matches({ crafting: "furtherCrafts" })) return 1;
  if (s.matches("measurements")) return 2;
  if (s.matches("confirm")) return 3;
  return -1;
}
