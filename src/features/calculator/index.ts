/**
 * The price calculator's public face. The machine and the modal load the first time it is opened
 * (`openCalculator`); the shell mounts the modal once `useCalculatorRequested` says so.
 */
export { loadCalculator, openCalculator, useCalculatorRequested, type CalculatorActor } from "./openCalculator.ts";
