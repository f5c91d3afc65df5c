import type { SnapshotFrom } from "xstate";
import type { CalculatorContext, calculatorMachine } from "./calculator.machine.ts";

/** What the price calculator's modal reads (SHELL-092..097). */
type Snap = SnapshotFrom<typeof calculatorMachine>;

/** SHELL-092: the modal is open. */
export const isCalculatorOpen = (s: Snap) => s.matches("open");
/** SHELL-093..095: the choices, what is offered for them, the price and the refusal, as the form shows them. */
export const selectCalculatorForm = (s: Snap): Readonly<CalculatorContext> => s.context;
/** SHELL-123: the price is being calculated (Calculate is disabled meanwhile). */
export const isCalculating = (s: Snap) => s.hasTag("pending");

export { CALCULATOR_ORDER_TYPES } from "./calculator.machine.ts";
