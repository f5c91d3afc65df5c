import { createActor, fromPromise, waitFor } from "xstate";
import {
  professionalOrderMachine,
  type OrderMode,
  type ProfessionalOrderSetup,
} from "../../machines/professionalOrder/professionalOrder.machine.ts";
import type {
  DraftInput,
  LoadMeasurementsInput,
  LoadPiecePartsInput,
  PieceParts,
  SizeLoad,
} from "../../machines/orderEntry/types.ts";
import type { OrderDraft } from "../../domain/orderEntry/draft.ts";
import type { CraftNode } from "../../domain/crafts.ts";
import {
  BODY_VALUES,
  CUSTOMER,
  IN_STOCK_FABRIC,
  pieceParts,
  sizeLoad,
  STANDARD_SIZES,
  SUIT_SETUP,
  craft,
} from "./quickOrder.fixtures.ts";

/**
 * The professional order's test data: the suit of the quick order's fixtures (its category named
 * "Suit") offering trousers (2000) as a further piece with a craft tree of its own (PO-002).
 */
export const TROUSERS = 2000;
export const TROUSER_TREE: CraftNode[] = [
  craft(2010, null, "Trouser front", {
    children: [craft(2011, 2010, "Flat front", { isDefault: 1 }), craft(2012, 2010, "Single pleat")],
  }),
  // PO-038: Bermuda shorts disable the trousers' second body part (and its finished twin)
  craft(2060, null, "Trouser leg", {
    children: [craft(2061, 2060, "Bermuda shorts", { extension: "10052&2502|10053&2602" })],
  }),
  craft(2050, null, "Hem tag", {
    chooseType: "CHECKBOX",
    children: [
      craft(2051, 2050, "Hem initials", { sourceType: "TEXT" }),
      craft(2052, 2050, "Hem logo", { sourceType: "FILE" }),
    ],
  }),
];
export const PRO_SETUP: ProfessionalOrderSetup = {
  ...SUIT_SETUP,
  categoryName: "Suit",
  pieceTrees: [{ categoryId: TROUSERS, name: "Trousers", tree: TROUSER_TREE }],
};
/** Values that pass the trousers' body parts. */
export const TROUSER_VALUES: Record<number, string> = { 2501: "86", 2502: "104" };

export interface ProDoubles {
  setup?: ProfessionalOrderSetup;
  stock?: () => Promise<{ inStock: boolean }>;
  measurements?: (input: LoadMeasurementsInput) => Promise<SizeLoad>;
  save?: () => Promise<{ orderId: string }>;
}

/** A real professional order (suit 3000) whose actors answer with the fixtures; what it saves is kept. */
export function startProfessional(doubles: ProDoubles = {}, input: { orderId?: string; mode?: OrderMode } = {}) {
  const saved: OrderDraft[] = [];
  const actor = createActor(
    professionalOrderMachine.provide({
      actors: {
        loadSetup: fromPromise(async () => doubles.setup ?? PRO_SETUP),
        checkStock: fromPromise(doubles.stock ?? (async () => ({ inStock: true }))),
        loadMeasurements: fromPromise(async ({ input }: { input: LoadMeasurementsInput }) =>
          (doubles.measurements ?? (async ({ method, pieces }) => sizeLoad(method, undefined, pieces)))(input),
        ),
        loadPieceParts: fromPromise(async ({ input }: { input: LoadPiecePartsInput }): Promise<PieceParts> => ({
          categoryId: input.categoryId,
          parts: pieceParts(input.categoryId, input.method),
        })),
        loadStandardSizes: fromPromise(async () => STANDARD_SIZES),
        presize: fromPromise(async () => ({})),
        saveOrder: fromPromise(async ({ input }: { input: DraftInput }) => {
          const { buildDraft } = await import("../../domain/orderEntry/draft.ts");
          saved.push(buildDraft(input.context));
          return doubles.save ? doubles.save() : { orderId: "P-1" };
        }),
        submitOrder: fromPromise(async () => ({ failed: false as boolean })),
      },
    }),
    { input: { categoryId: 3000, ...input } },
  ).start();
  const atRest = () =>
    waitFor(actor, (s) => s.matches({ entry: { sizes: "editing", stock: "idle" } }) || s.matches("failed"));
  return { actor, saved, atRest, context: () => actor.getSnapshot().context };
}

/** Everything the professional order requires, filled in: a fabric in stock, the customer, the measurements. */
export async function completeOrder(p: ReturnType<typeof startProfessional>) {
  await p.atRest();
  p.actor.send({ type: "user.pickCustomer", customer: CUSTOMER });
  await p.atRest();
  p.actor.send({ type: "user.typeFabric", code: IN_STOCK_FABRIC });
  p.actor.send({ type: "user.pickFabric", code: IN_STOCK_FABRIC });
  await p.atRest();
  for (const [partId, value] of Object.entries(BODY_VALUES))
    p.actor.send({ type: "user.setMeasure", partId: Number(partId), value });
}

/** The further trouser piece added (its parts loaded) and measured. */
export async function addTrousers(p: ReturnType<typeof startProfessional>) {
  p.actor.send({ type: "user.toggleAddProduct", categoryId: TROUSERS });
  await p.atRest();
  for (const [partId, value] of Object.entries(TROUSER_VALUES))
    p.actor.send({ type: "user.setMeasure", partId: Number(partId), value });
}
