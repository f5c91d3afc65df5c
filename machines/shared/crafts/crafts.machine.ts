import { assign, sendParent, setup } from "xstate";
import {
  chooseInGroup,
  indexTree,
  toggleOption,
  type CraftIndex,
  type CraftNode,
  type CraftRefusal,
} from "./craftTree.ts";

/**
 * Crafts of one garment piece: option picks under the craft rules (QO-112..121, QO-150, QO-151) and
 * TEXT values (and FILE crafts' attachment ids). Reused by the simple, quick and professional orders; it tells its parent every change.
 */
export interface CraftsInput {
  category: number;
  tree: CraftNode[];
  selected: number[];
  texts: Record<number, string>;
}
export interface CraftsContext extends CraftsInput {
  index: CraftIndex;
  refusal: CraftRefusal | null;
  clearedEmbroidery: boolean;
}
export type CraftsEvent =
  | { type: "user.toggleOption"; id: number }
  | { type: "user.setText"; id: number; value: string }
  /** A choice from a list of one group (the accessory selectors, QO-017); null removes it. */
  | { type: "user.chooseInGroup"; groupId: number; optionId: number | null }
  /** A FILE craft's uploaded attachment (its id), or null to remove it; kept beside the TEXT values. */
  | { type: "user.attachFile"; id: number; file: string | null }
  | { type: "user.dismissRefusal" };
/** Sent to the parent after every change. */
export type CraftsChanged = {
  type: "crafts.changed";
  selected: number[];
  texts: Record<number, string>;
  clearedEmbroidery: boolean;
};

export const craftsMachine = setup({
  types: { context: {} as CraftsContext, events: {} as CraftsEvent, input: {} as CraftsInput },
  guards: {
    // QO-151: an accessory craft needs its series first
    isRefused: ({ context, event }) =>
      event.type === "user.toggleOption" &&
      "refusal" in toggleOption(context.index, context.selected, event.id, context.category),
  },
}).createMachine({
  id: "crafts",
  context: ({ input }) => ({ ...input, index: indexTree(input.tree), refusal: null, clearedEmbroidery: false }),
  on: {
    "user.toggleOption": [
      {
        guard: "isRefused",
        actions: assign({
          refusal: ({ context, event }) => {
            const result = toggleOption(context.index, context.selected, event.id, context.category);
            return "refusal" in result ? result.refusal : null;
          },
        }),
      },
      {
        actions: [
          assign(({ context, event }) => {
            const result = toggleOption(context.index, context.selected, event.id, context.category);
            return "refusal" in result
              ? {}
              : { selected: result.selected, refusal: null, clearedEmbroidery: result.clearedEmbroidery };
          }),
          sendParent(({ context }): CraftsChanged => ({
            type: "crafts.changed",
            selected: context.selected,
            texts: context.texts,
            clearedEmbroidery: context.clearedEmbroidery,
          })),
        ],
      },
    ],
    "user.chooseInGroup": {
      actions: [
        assign(({ context, event }) => {
          const result = chooseInGroup(
            context.index,
            context.selected,
            event.groupId,
            event.optionId,
            context.category,
          );
          return "refusal" in result
            ? { refusal: result.refusal }
            : { selected: result.selected, refusal: null, clearedEmbroidery: result.clearedEmbroidery };
        }),
        sendParent(({ context }): CraftsChanged => ({
          type: "crafts.changed",
          selected: context.selected,
          texts: context.texts,
          clearedEmbroidery: context.clearedEmbroidery,
        })),
      ],
    },
    "user.setText": {
      actions: [
        assign({ texts: ({ context, event }) => ({ ...context.texts, [event.id]: event.value }) }),
        sendParent(({ context }): CraftsChanged => ({
          type: "crafts.changed",
          selected: context.selected,
          texts: context.texts,
          clearedEmbroidery: false,
        })),
      ],
    },
    "user.attachFile": {
      actions: [
        assign({ texts: ({ context, event }) => ({ ...context.texts, [event.id]: event.file ?? "" }) }),
        sendParent(({ context }): CraftsChanged => ({
          type: "crafts.changed",
          selected: context.selected,
          texts: context.texts,
          clearedEmbroidery: false,
        })),
      ],
    },
    "user.dismissRefusal": { actions: assign({ refusal: null }) },
  },
});
