/**
 * The calculator machine as its own model (xstate/graph): every event it accepts, its actors'
 * outcomes as events (tests/machines/paths.ts).
 */
import type { AnyMachineSnapshot, AnyStateMachine } from "xstate";
import {
  calculatorMachine,
  type CalculatorContext,
  type CalculatorEvent,
} from "../../machines/calculator/calculator.machine.ts";
import { ApiError, NetworkError } from "../../machines/shared/messages.ts";
import {
  adjacencyOf,
  noticeKey,
  shortestPaths,
  traversal,
  type ActorOutcome,
  type ModelAdjacency,
  type ModelPath,
} from "./paths.ts";

type Snap = AnyMachineSnapshot;
export type CalculatorModelEvent = CalculatorEvent | ActorOutcome;

export const CATEGORIES = [
  { id: 3000, name: "Suit" },
  { id: 1000, name: "Shirt" },
];
export const LININGS = [
  { code: "L01", name: "Full lining" },
  { code: "L02", name: "Half lining" },
];
export const PRICE = { price: "295.00", moneyType: "USD" };

export const calculatorModelEvents: readonly CalculatorModelEvent[] = [
  { type: "user.open" },
  { type: "user.close" },
  { type: "user.selectOrderType", orderType: 7 },
  { type: "user.selectOrderType", orderType: 8 },
  { type: "user.selectCategory", categoryId: 3000 },
  { type: "user.selectLining", liningCode: "L01" },
  { type: "user.changeFabric", fabricCode: " VB1000 " },
  { type: "user.changeFabric", fabricCode: "   " },
  { type: "user.calculate" },
  { type: "xstate.done.actor.loadCategories", output: CATEGORIES },
  { type: "xstate.error.actor.loadCategories", error: new ApiError(500, "Something went wrong on the server", 500) },
  { type: "xstate.done.actor.loadLinings", output: LININGS },
  { type: "xstate.error.actor.loadLinings", error: new NetworkError("Failed to fetch") },
  { type: "xstate.done.actor.calculatePrice", output: PRICE },
  { type: "xstate.error.actor.calculatePrice", error: new ApiError(1002, "Fabric VB1000 does not exist", 200) },
];

export function serializeCalculator(snapshot: Snap): string {
  const c = snapshot.context as CalculatorContext;
  return JSON.stringify({
    value: snapshot.value,
    orderType: c.orderType,
    categoryId: c.categoryId,
    liningCode: c.liningCode,
    fabric: c.fabricCode.trim() !== "",
    categories: c.categories.length,
    linings: c.linings.length,
    price: c.price,
    moneyType: c.moneyType,
    error: noticeKey(c.error),
  });
}

export function calculatorShortestPaths(): ModelPath[] {
  return shortestPaths(
    calculatorMachine as unknown as AnyStateMachine,
    traversal(calculatorModelEvents, serializeCalculator),
  );
}

export function calculatorAdjacency(): ModelAdjacency {
  return adjacencyOf(
    calculatorMachine as unknown as AnyStateMachine,
    traversal(calculatorModelEvents, serializeCalculator),
  );
}
