import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import {
  CALCULATOR_ORDER_TYPES,
  calculatorMachine,
  type CalculatorContext,
  type CalculatorOption,
  type CalculatorOrderType,
  type LiningOption,
  type PriceRequest,
} from "../../machines/calculator/calculator.machine.ts";
import { ApiError, NetworkError } from "../../machines/shared/messages.ts";

const CATEGORIES: CalculatorOption[] = [
  { id: 3000, name: "Suit" },
  { id: 1000, name: "Shirt" },
];
const LININGS: LiningOption[] = [
  { code: "L01", name: "Full lining" },
  { code: "L02", name: "Half lining" },
];
const PRICE = { price: "295.00", moneyType: "USD" };

const INITIAL: CalculatorContext = {
  orderType: null,
  categoryId: null,
  liningCode: null,
  fabricCode: "",
  categories: [],
  linings: [],
  price: "0.00",
  moneyType: "",
  error: null,
};

interface Doubles {
  loadCategories?: (input: { orderType: CalculatorOrderType }) => Promise<CalculatorOption[]>;
  loadLinings?: (input: { categoryId: number; orderType: CalculatorOrderType }) => Promise<LiningOption[]>;
  calculatePrice?: (input: PriceRequest) => Promise<{ price: string; moneyType: string }>;
}

/** The calculator with network doubles for its three actors, recording their inputs. */
function startCalculator(doubles: Doubles = {}) {
  const calls = {
    loadCategories: [] as Array<{ orderType: CalculatorOrderType }>,
    loadLinings: [] as Array<{ categoryId: number; orderType: CalculatorOrderType }>,
    calculatePrice: [] as PriceRequest[],
  };
  const machine = calculatorMachine.provide({
    actors: {
      loadCategories: fromPromise<CalculatorOption[], { orderType: CalculatorOrderType }>(async ({ input }) => {
        calls.loadCategories.push(input);
        return (doubles.loadCategories ?? (async () => CATEGORIES))(input);
      }),
      loadLinings: fromPromise<LiningOption[], { categoryId: number; orderType: CalculatorOrderType }>(
        async ({ input }) => {
          calls.loadLinings.push(input);
          return (doubles.loadLinings ?? (async () => LININGS))(input);
        },
      ),
      calculatePrice: fromPromise<{ price: string; moneyType: string }, PriceRequest>(async ({ input }) => {
        calls.calculatePrice.push(input);
        return (doubles.calculatePrice ?? (async () => PRICE))(input);
      }),
    },
  });
  const actor = createActor(machine).start();
  const idle = () => waitFor(actor, (s) => s.matches({ open: "idle" }));
  return { actor, calls, idle };
}

type Calc = ReturnType<typeof startCalculator>;

/** Opens the calculator and fills every field; waits for the option lists to load. */
async function fillAll({ actor, idle }: Calc, fabricCode = "VB1000") {
  actor.send({ type: "user.open" });
  actor.send({ type: "user.selectOrderType", orderType: 7 });
  await idle();
  actor.send({ type: "user.selectCategory", categoryId: 3000 });
  await idle();
  actor.send({ type: "user.selectLining", liningCode: "L01" });
  actor.send({ type: "user.changeFabric", fabricCode });
}

describe("calculator machine: options", () => {
  it("SHELL-093 the order methods are 7 (simple) and 8 (professional)", () => {
    expect(CALCULATOR_ORDER_TYPES).toEqual([7, 8]);
  });

  it("SHELL-095 the price shows 0.00 before calculating", () => {
    const c = startCalculator();
    expect(c.actor.getSnapshot().value).toBe("closed");
    expect(c.actor.getSnapshot().context.price).toBe("0.00");
    c.actor.send({ type: "user.open" });
    expect(c.actor.getSnapshot().value).toEqual({ open: "idle" });
    expect(c.actor.getSnapshot().context).toEqual(INITIAL);
  });

  it("SHELL-124 choosing an order type loads its categories", async () => {
    const c = startCalculator();
    c.actor.send({ type: "user.open" });
    c.actor.send({ type: "user.selectOrderType", orderType: 8 });
    expect(c.actor.getSnapshot().value).toEqual({ open: "loadingCategories" });
    expect(c.actor.getSnapshot().hasTag("pending")).toBe(true);
    const snap = await c.idle();
    expect(c.calls.loadCategories).toEqual([{ orderType: 8 }]);
    expect(snap.context.categories).toEqual(CATEGORIES);
  });

  it("SHELL-124 choosing a category loads its lining types with {categoryId, orderType}", async () => {
    const c = startCalculator();
    c.actor.send({ type: "user.open" });
    c.actor.send({ type: "user.selectOrderType", orderType: 7 });
    await c.idle();
    c.actor.send({ type: "user.selectCategory", categoryId: 3000 });
    expect(c.actor.getSnapshot().value).toEqual({ open: "loadingLinings" });
    const snap = await c.idle();
    expect(c.calls.loadLinings).toEqual([{ categoryId: 3000, orderType: 7 }]);
    expect(snap.context.linings).toEqual(LININGS);
    expect(snap.context.categoryId).toBe(3000);
  });

  it("SHELL-124 another order type clears the category, the lining and both option lists' dependants", async () => {
    const c = startCalculator();
    await fillAll(c);
    c.actor.send({ type: "user.selectOrderType", orderType: 8 });
    const snap = await c.idle();
    expect(snap.context).toMatchObject({
      orderType: 8,
      categoryId: null,
      liningCode: null,
      linings: [],
      fabricCode: "VB1000",
    });
    expect(c.calls.loadCategories).toEqual([{ orderType: 7 }, { orderType: 8 }]);
  });

  it("SHELL-124 another category clears the chosen lining and reloads the linings", async () => {
    const c = startCalculator();
    await fillAll(c);
    c.actor.send({ type: "user.selectCategory", categoryId: 1000 });
    const snap = await c.idle();
    expect(snap.context.liningCode).toBeNull();
    expect(c.calls.loadLinings).toEqual([
      { categoryId: 3000, orderType: 7 },
      { categoryId: 1000, orderType: 7 },
    ]);
  });
});

describe("calculator machine: validation (SHELL-115..118, checked in this order, first failure stops)", () => {
  it("SHELL-115 without an order method: 'Please select order type', even with fabric and lining given", async () => {
    const c = startCalculator();
    c.actor.send({ type: "user.open" });
    c.actor.send({ type: "user.selectLining", liningCode: "L01" });
    c.actor.send({ type: "user.changeFabric", fabricCode: "VB1000" });
    c.actor.send({ type: "user.calculate" });
    expect(c.actor.getSnapshot().value).toEqual({ open: "idle" });
    expect(c.actor.getSnapshot().context.error).toEqual({ key: "calc.orderTypeRequired" });
    expect(c.calls.calculatePrice).toEqual([]);
  });

  it("SHELL-115 an empty form reports only the order method", () => {
    const c = startCalculator();
    c.actor.send({ type: "user.open" });
    c.actor.send({ type: "user.calculate" });
    expect(c.actor.getSnapshot().context.error).toEqual({ key: "calc.orderTypeRequired" });
  });

  it("SHELL-116 without a category: 'Please select cloth code', before fabric and lining", async () => {
    const c = startCalculator();
    c.actor.send({ type: "user.open" });
    c.actor.send({ type: "user.selectOrderType", orderType: 7 });
    await c.idle();
    c.actor.send({ type: "user.selectLining", liningCode: "L01" });
    c.actor.send({ type: "user.changeFabric", fabricCode: "VB1000" });
    c.actor.send({ type: "user.calculate" });
    expect(c.actor.getSnapshot().context.error).toEqual({ key: "calc.categoryRequired" });
    c.actor.send({ type: "user.changeFabric", fabricCode: "" });
    c.actor.send({ type: "user.calculate" });
    expect(c.actor.getSnapshot().context.error).toEqual({ key: "calc.categoryRequired" });
    expect(c.calls.calculatePrice).toEqual([]);
  });

  it("SHELL-117 without a fabric number: 'Please select fabric code', before the lining", async () => {
    const c = startCalculator();
    c.actor.send({ type: "user.open" });
    c.actor.send({ type: "user.selectOrderType", orderType: 7 });
    await c.idle();
    c.actor.send({ type: "user.selectCategory", categoryId: 3000 });
    await c.idle();
    c.actor.send({ type: "user.calculate" });
    expect(c.actor.getSnapshot().context.error).toEqual({ key: "calc.fabricRequired" });
    expect(c.calls.calculatePrice).toEqual([]);
  });

  it("SHELL-117 a fabric number of blanks counts as missing", async () => {
    const c = startCalculator();
    await fillAll(c, "   ");
    c.actor.send({ type: "user.calculate" });
    expect(c.actor.getSnapshot().context.error).toEqual({ key: "calc.fabricRequired" });
    expect(c.actor.getSnapshot().value).toEqual({ open: "idle" });
  });

  it("SHELL-118 without a lining type: 'Please select lining code'", async () => {
    const c = startCalculator();
    c.actor.send({ type: "user.open" });
    c.actor.send({ type: "user.selectOrderType", orderType: 7 });
    await c.idle();
    c.actor.send({ type: "user.selectCategory", categoryId: 3000 });
    await c.idle();
    c.actor.send({ type: "user.changeFabric", fabricCode: "VB1000" });
    c.actor.send({ type: "user.calculate" });
    expect(c.actor.getSnapshot().context.error).toEqual({ key: "calc.liningRequired" });
    expect(c.calls.calculatePrice).toEqual([]);
  });
});

describe("calculator machine: calculating", () => {
  it("SHELL-123 SHELL-097 calculate sends orderType, clothCode, liningCode and the trimmed fabricCode, then shows price and moneyType", async () => {
    const c = startCalculator();
    await fillAll(c, "  VB1000 ");
    c.actor.send({ type: "user.calculate" });
    expect(c.actor.getSnapshot().value).toEqual({ open: "calculating" });
    expect(c.actor.getSnapshot().hasTag("pending")).toBe(true);
    expect(c.actor.getSnapshot().context.error).toBeNull();
    const snap = await c.idle();
    expect(c.calls.calculatePrice).toEqual([
      { orderType: 7, clothCode: 3000, liningCode: "L01", fabricCode: "VB1000" },
    ]);
    expect(snap.context.price).toBe("295.00");
    expect(snap.context.moneyType).toBe("USD");
    expect(snap.context.error).toBeNull();
  });

  it("SHELL-115 a valid calculation clears an earlier validation message", async () => {
    const c = startCalculator();
    c.actor.send({ type: "user.open" });
    c.actor.send({ type: "user.calculate" });
    expect(c.actor.getSnapshot().context.error).not.toBeNull();
    await fillAll(c);
    c.actor.send({ type: "user.calculate" });
    expect(c.actor.getSnapshot().context.error).toBeNull();
  });

  it.each([
    ["a lining", { type: "user.selectLining", liningCode: "L02" }],
    ["the fabric", { type: "user.changeFabric", fabricCode: "RC1001" }],
    ["the category", { type: "user.selectCategory", categoryId: 1000 }],
    ["the order type", { type: "user.selectOrderType", orderType: 8 }],
  ] as const)("SHELL-095 changing %s resets the price to 0.00", async (_what, event) => {
    const c = startCalculator();
    await fillAll(c);
    c.actor.send({ type: "user.calculate" });
    await waitFor(c.actor, (s) => s.context.price === "295.00");
    c.actor.send(event);
    expect(c.actor.getSnapshot().context.price).toBe("0.00");
    expect(c.actor.getSnapshot().context.moneyType).toBe("");
  });

  it("SHELL-123 API-008 a refused calculation shows the server's message and keeps the price at 0.00", async () => {
    const c = startCalculator({
      calculatePrice: async () => {
        throw new ApiError(1002, "Fabric VB9999 does not exist", 200);
      },
    });
    await fillAll(c, "VB9999");
    c.actor.send({ type: "user.calculate" });
    const snap = await c.idle();
    expect(snap.context.error).toEqual({ key: "server", text: "Fabric VB9999 does not exist" });
    expect(snap.context.price).toBe("0.00");
  });

  it("API-008 a failed category load shows the server's message", async () => {
    const c = startCalculator({
      loadCategories: async () => {
        throw new ApiError(500, "Something went wrong on the server", 500);
      },
    });
    c.actor.send({ type: "user.open" });
    c.actor.send({ type: "user.selectOrderType", orderType: 7 });
    const snap = await c.idle();
    expect(snap.context.error).toEqual({ key: "server", text: "Something went wrong on the server" });
    expect(snap.context.categories).toEqual([]);
  });

  it("API-008 a failed lining load shows the server's message", async () => {
    const c = startCalculator({
      loadLinings: async () => {
        throw new ApiError(400, "category is invalid", 400);
      },
    });
    c.actor.send({ type: "user.open" });
    c.actor.send({ type: "user.selectOrderType", orderType: 7 });
    await c.idle();
    c.actor.send({ type: "user.selectCategory", categoryId: 3000 });
    const snap = await c.idle();
    expect(snap.context.error).toEqual({ key: "server", text: "category is invalid" });
  });

  it("a failure without a server message (network) shows the generic calculator failure", async () => {
    const c = startCalculator({
      calculatePrice: async () => {
        throw new NetworkError("Failed to fetch");
      },
    });
    await fillAll(c);
    c.actor.send({ type: "user.calculate" });
    const snap = await c.idle();
    expect(snap.context.error).toEqual({ key: "calc.failed" });
  });

  it("SHELL-095 closing and opening again resets every field, list, price and message", async () => {
    const c = startCalculator();
    await fillAll(c);
    c.actor.send({ type: "user.calculate" });
    await waitFor(c.actor, (s) => s.context.price === "295.00");
    c.actor.send({ type: "user.close" });
    expect(c.actor.getSnapshot().value).toBe("closed");
    c.actor.send({ type: "user.open" });
    expect(c.actor.getSnapshot().value).toEqual({ open: "idle" });
    expect(c.actor.getSnapshot().context).toEqual(INITIAL);
  });

  it("closing while a calculation runs drops its answer", async () => {
    let release!: (v: { price: string; moneyType: string }) => void;
    const c = startCalculator({
      calculatePrice: () =>
        new Promise((resolve) => {
          release = resolve;
        }),
    });
    await fillAll(c);
    c.actor.send({ type: "user.calculate" });
    await waitFor(c.actor, () => c.calls.calculatePrice.length === 1);
    c.actor.send({ type: "user.close" });
    c.actor.send({ type: "user.open" });
    release(PRICE);
    await new Promise((r) => setImmediate(r));
    expect(c.actor.getSnapshot().context.price).toBe("0.00");
    expect(c.actor.getSnapshot().value).toEqual({ open: "idle" });
  });
});
