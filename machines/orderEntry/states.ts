import { assign, not } from "xstate";
import { removePiece, selectMethod, withPieceLoaded, withStandardSizes } from "../../domain/orderEntry/form.ts";
import { serverMessage } from "../shared/messages.ts";
import { orderEntrySetup, checked } from "./setup.ts";
import { STEP_RULES } from "./rules.ts";
import type { OrderEntryContext } from "./types.ts";

/**
 * The parts of a chart every order flow composes: the loading state, the forms' edits (each applies a
 * domain reducer in an `assign`), the fabric's stock check, the measurement states, saving and
 * submitting. A flow's machine (quickOrder, newOrder) places them in its own steps.
 */

/** The loading state: the setup (and an opened order), then `target`. */
export const loadingState = (target: string) =>
  orderEntrySetup.createStateConfig({
    tags: ["pending"],
    invoke: {
      id: "loadSetup",
      src: "loadSetup",
      input: ({ context }) => ({
        categoryId: context.categoryId,
        orderId: context.orderId || null,
        mode: context.mode,
      }),
      onDone: {
        target,
        actions: [
          { type: "applySetup", params: ({ event }) => event.output },
          "quoteFabric",
          "quoteOrder",
          "rememberPicks",
        ],
      },
      // The page says the category (or order) could not be loaded; a server message is shown beside it
      onError: { target: "failed", actions: assign({ refusal: ({ event }) => serverMessage(event.error) }) },
    },
  });

/** QO-111: the price child (the garment in the fabric, the order so far), for the whole life of an order entry. */
export const priceInvoke = orderEntrySetup.createStateConfig({
  invoke: {
    id: "price",
    src: "price",
    input: ({ context }) => ({
      categoryId: context.categoryId,
      source: context.fabric.source,
      code: context.fabric.code,
    }),
  },
}).invoke;

/** The customer form's edits (QO-011..020, QO-103, QO-104); QO-015: the quantity is priced. */
export const customerFormOn = orderEntrySetup.createStateConfig({
  on: {
    "user.edit": { actions: "editCustomer" },
    "user.pickCustomer": { actions: "editCustomer" },
    "user.setHeightUnit": { actions: "editCustomer" },
    "user.setWeightUnit": { actions: "editCustomer" },
    "user.setGender": { actions: "editCustomer" },
    "user.setAmount": { actions: ["editCustomer", "quoteOrder"] },
    "user.setBirthday": { actions: "editCustomer" },
  },
}).on;

/** The fabric's edits (QO-108..110). */
export const fabricFormOn = orderEntrySetup.createStateConfig({
  on: {
    // QO-108, QO-109: the two sources are exclusive; switching clears the fabric
    "user.setFabricSource": {
      actions: [
        assign({ fabric: ({ event }) => ({ source: event.source, code: "", inStock: null }) }),
        "quoteFabric",
        "quoteOrder",
      ],
    },
    // QO-110: Backspace or Delete clears the fabric
    "user.clearFabric": {
      actions: [
        assign({ fabric: ({ context }) => ({ ...context.fabric, code: "", inStock: null }) }),
        "quoteFabric",
        "quoteOrder",
      ],
    },
    "user.typeFabric": [
      // QO-022: the customer's own fabric (CMT) is free text: what is typed is the fabric
      { guard: not("isSystemFabric"), actions: ["takeFabricCode", "quoteFabric", "quoteOrder"] },
      // A search being typed is no fabric yet: the price is the garment's alone until one is picked
      { actions: ["takeFabricCode", "quoteNoFabric", "quoteOrder"] },
    ],
  },
}).on;

/** The fabric's stock check (QO-163), a region beside the form of the step that picks the fabric. */
export const stockRegion = orderEntrySetup.createStateConfig({
  initial: "idle",
  states: {
    idle: {
      on: {
        "user.pickFabric": [
          { guard: "isSystemFabric", target: "checking", actions: ["takeFabricCode", "quoteFabric", "quoteOrder"] },
          { actions: ["takeFabricCode", "quoteFabric", "quoteOrder"] },
        ],
      },
    },
    checking: {
      tags: ["pending", "checkingStock"],
      // A new fabric makes the running check's answer stale: drop it.
      on: { "user.clearFabric": "idle", "user.typeFabric": "idle", "user.setFabricSource": "idle" },
      invoke: {
        id: "checkStock",
        src: "checkStock",
        input: ({ context }) => ({ code: context.fabric.code }),
        onDone: {
          target: "idle",
          actions: [
            assign(({ context, event }) => ({
              fabric: { ...context.fabric, inStock: event.output.inStock },
              // QO-163: "Currently out of stock"
              refusal: event.output.inStock ? null : { key: "fabric.outOfStock" as const, field: "fabric" },
            })),
            // the picked fabric now counts in the order's price
            "quoteOrder",
          ],
        },
        onError: { target: "idle", actions: "failed" },
      },
    },
  },
});

/** QO-017, QO-018, QO-136: the accessory selectors of step 1 (the crafts reducer applies the craft rules). */
export const accessoryFormOn = orderEntrySetup.createStateConfig({
  on: {
    "user.syncAccessory": { guard: "hasSyncableChoice", actions: "syncAccessory" },
    "user.pickAccessory": { actions: ["editCrafts", "quoteOrder", "rememberPicks"] },
    "user.setAccessoryValue": { actions: ["editCrafts", "quoteOrder", "rememberPicks"] },
  },
}).on;

/** The crafts, monogram rows and contrast picks (QO-027..036, QO-112..121, QO-152). */
export const craftFormOn = orderEntrySetup.createStateConfig({
  on: {
    "user.toggleOption": { actions: ["editCrafts", "quoteOrder", "rememberPicks"] },
    "user.setText": { actions: ["editCrafts", "quoteOrder", "rememberPicks"] },
    "user.attachFile": { actions: ["editCrafts", "quoteOrder", "rememberPicks"] },
    "user.addMonogram": { actions: ["editMonogram", "quoteOrder", "rememberPicks"] },
    "user.removeMonogram": { guard: "isMonogramRow", actions: ["editMonogram", "quoteOrder", "rememberPicks"] },
    "user.pickMonogramOption": { guard: "isMonogramRow", actions: ["editMonogram", "quoteOrder", "rememberPicks"] },
    "user.setMonogramText": { guard: "isMonogramRow", actions: ["editMonogram", "quoteOrder", "rememberPicks"] },
    "user.attachMonogramFile": { guard: "isMonogramRow", actions: ["editMonogram", "quoteOrder", "rememberPicks"] },
    "user.editMonogram": { guard: "isMonogramRow", actions: ["editMonogram", "quoteOrder", "rememberPicks"] },
    "user.editContrast": { guard: "isContrastSite", actions: ["editContrast", "quoteOrder", "rememberPicks"] },
    "user.toggleContrastPosition": {
      guard: "isContrastSite",
      actions: ["editContrast", "quoteOrder", "rememberPicks"],
    },
    "user.pickContrastFabric": { guard: "isContrastSite", actions: ["editContrast", "quoteOrder", "rememberPicks"] },
    "user.setContrastText": { guard: "isContrastSite", actions: ["editContrast", "quoteOrder", "rememberPicks"] },
  },
}).on;

/** PO-002: the further pieces' crafts and monogram rows (the professional order's per-piece crafts). */
export const pieceFormOn = orderEntrySetup.createStateConfig({
  on: {
    "user.editPiece": { guard: "isPieceEdit", actions: ["editPiece", "quoteOrder"] },
  },
}).on;

/**
 * QO-038: the surcharge of a chosen priced option shows as a tip for 3 s, a region beside the craft
 * form of a step; another priced pick shows its own tip afresh, and unchoosing the tipped option
 * (or leaving the step) takes the tip away.
 */
export const priceTipRegion = orderEntrySetup.createStateConfig({
  initial: "hidden",
  states: {
    hidden: {
      on: { "user.toggleOption": { guard: "choosesPricedOption", target: "shown", actions: "showPriceTip" } },
    },
    shown: {
      exit: "hidePriceTip",
      after: { PRICE_TIP: "hidden" },
      on: {
        "user.toggleOption": [
          { guard: "choosesPricedOption", target: "shown", reenter: true, actions: "showPriceTip" },
          { guard: "dropsPriceTip", target: "hidden" },
        ],
      },
    },
  },
});

/** Issue 24: the kept measurement set an order started from, when it did (its values fill the parts). */
const measureSetOf = ({ basic }: OrderEntryContext) =>
  basic.customerId !== null && basic.measureSetId ? { measureSetId: basic.measureSetId } : {};

/** Parts load once per method; coming back keeps what was typed (QO-092). Siblings: loadingParts, editing. */
export const checkingMethodState = orderEntrySetup.createStateConfig({
  always: [{ guard: "needsParts", target: "loadingParts" }, { target: "editing" }],
});

export const loadingPartsState = orderEntrySetup.createStateConfig({
  tags: ["pending", "loadingParts"],
  invoke: {
    id: "loadMeasurements",
    src: "loadMeasurements",
    input: ({ context }) => ({
      categoryId: context.categoryId,
      method: context.size.method!,
      customerId: context.basic.customerId,
      ...measureSetOf(context),
      pieces: context.size.pieces.map((p) => p.categoryId),
    }),
    // QO-100: standard sizes go on to the size list when the area and shape are known (QO-087: restored)
    onDone: [
      {
        guard: "needsStandardSizes",
        target: "loadingStandard",
        actions: [{ type: "applySizeLoad", params: ({ event }) => event.output }, "quoteOrder"],
      },
      { target: "editing", actions: [{ type: "applySizeLoad", params: ({ event }) => event.output }, "quoteOrder"] },
    ],
    onError: { target: "editing", actions: "failed" },
  },
});

/** The measurement inputs: the method (QO-101, QO-102), the values and the pre-calculation (QO-097). */
export const sizeEditOn = orderEntrySetup.createStateConfig({
  on: {
    // QO-102: changing the method reloads the sizes; QO-101: other methods clear them
    "user.selectMethod": {
      target: "checkingMethod",
      actions: [assign({ size: ({ context, event }) => selectMethod(context.size, event.method) }), "quoteOrder"],
    },
    // QO-040: an offered add-product is added (its parts load) or removed with its values
    "user.toggleAddProduct": [
      {
        guard: "isAddedPiece",
        actions: [assign({ size: ({ context, event }) => removePiece(context.size, event.categoryId) }), "quoteOrder"],
      },
      { guard: "isOfferedAddProduct", target: "loadingPiece", actions: "clearRefusal" },
    ],
    // QO-100: a size area and a shape, then the size list of both
    "user.selectSizeArea": [
      { guard: "completesStandardChoice", target: "loadingStandard", actions: "chooseStandard" },
      { actions: "chooseStandard" },
    ],
    "user.selectShape": [
      { guard: "completesStandardChoice", target: "loadingStandard", actions: "chooseStandard" },
      { actions: "chooseStandard" },
    ],
    // QO-096 a posture detail, QO-100 a standard size, a typed value
    "user.setMeasure": { actions: "editSize" },
    "user.pickPosture": { guard: "isOfferedMeasurementEdit", actions: "editSize" },
    "user.pickStandardSize": { guard: "isOfferedMeasurementEdit", actions: "editSize" },
    // A failed load leaves the method chosen: it is loaded again, keeping the values, posture and standard choices
    "user.reloadMeasurements": { guard: "isMeasurementsMissing", target: "checkingMethod", actions: "clearRefusal" },
    "user.presize": checked(STEP_RULES.measurements, { target: "presizing", actions: "clearRefusal" }),
  },
}).on;

/** QO-040: the parts of an add-product being added, then its stored values beside the main piece's. */
export const loadingPieceState = orderEntrySetup.createStateConfig({
  tags: ["pending", "loadingPiece"],
  invoke: {
    id: "loadPieceParts",
    src: "loadPieceParts",
    input: ({ context, event }) => ({
      categoryId: event.type === "user.toggleAddProduct" ? event.categoryId : 0,
      method: context.size.method!,
      customerId: context.basic.customerId,
      ...measureSetOf(context),
    }),
    onDone: {
      target: "editing",
      actions: [assign({ size: ({ context, event }) => withPieceLoaded(context, event.output) }), "quoteOrder"],
    },
    onError: { target: "editing", actions: "failed" },
  },
});

/** QO-100: the standard sizes of the chosen size area and shape. */
export const loadingStandardState = orderEntrySetup.createStateConfig({
  tags: ["pending", "loadingStandard"],
  invoke: {
    id: "loadStandardSizes",
    src: "loadStandardSizes",
    input: ({ context }) => ({
      categoryId: context.categoryId,
      sizeAreaId: context.size.standard.areaId!,
      shape: context.size.standard.shape!,
    }),
    onDone: {
      target: "editing",
      actions: assign({ size: ({ context, event }) => withStandardSizes(context, event.output) }),
    },
    onError: { target: "editing", actions: "failed" },
  },
});

export const presizingState = orderEntrySetup.createStateConfig({
  tags: ["pending", "presizing"],
  invoke: {
    id: "presize",
    src: "presize",
    input: ({ context }) => ({ context }),
    // QO-097: the flag records the pre-calculation; QO-057: the finished sizes it computed are kept to be shown
    onDone: {
      target: "editing",
      actions: assign({ size: ({ context, event }) => ({ ...context.size, presized: true, finished: event.output }) }),
    },
    // QO-201: a pre-size failure shows the server message
    onError: { target: "editing", actions: "failed" },
  },
});

/**
 * Issue 24: an order saved or submitted for a customer of the book carries the question whether its
 * measurements go back to the customer (the order page asks before it moves on).
 */
const saveBackOf = (context: OrderEntryContext, orderId: string | undefined) =>
  orderId && context.basic.customerId !== null ? { saveBack: { orderId, customerId: context.basic.customerId } } : {};

/** Saving to the cart, then `done` (QO-124, QO-125); on an error the user stays (QO-128, QO-199). */
export const savingState = (done: string) =>
  orderEntrySetup.createStateConfig({
    tags: ["pending"],
    invoke: {
      id: "saveOrder",
      src: "saveOrder",
      input: ({ context }) => ({ context }),
      onDone: {
        target: done,
        actions: [
          assign({
            outcome: ({ context, event }) => ({
              to: context.mode === "pending" ? ("/myOrder" as const) : ("/saveItems" as const),
              failed: false,
              message: event.output.message,
              orderCode: event.output.orderCode,
              // Issue 24: a saved order for a customer of the book asks too (never silently), as a submit does
              ...saveBackOf(context, event.output.orderId),
            }),
          }),
          "settlePicks",
        ],
      },
      onError: { target: "editing", actions: "failed" },
    },
  });

/** Submitting, then `done`: production, or the pending list with "Failed" (QO-126, QO-127). */
export const submittingState = (done: string) =>
  orderEntrySetup.createStateConfig({
    tags: ["pending"],
    invoke: {
      id: "submitOrder",
      src: "submitOrder",
      input: ({ context }) => ({ context }),
      onDone: {
        target: done,
        actions: [
          assign({
            outcome: ({ context, event }) => ({
              ...(event.output.failed
                ? { to: "/myOrder" as const, failed: true }
                : { to: "/underProduction" as const, failed: false }),
              message: event.output.message,
              orderCode: event.output.orderCode,
              // Issue 24: a submitted order for a customer of the book asks to save its measurements back
              ...saveBackOf(context, event.output.orderId),
            }),
          }),
          "settlePicks",
        ],
      },
      onError: { target: "editing", actions: "failed" },
    },
  });
