import { useSyncExternalStore } from "react";

/** The calculator (machine and modal) loads the first time it is opened. */
let requested = false;
const listeners = new Set<() => void>();

/** The calculator's running actor, loading it the first time (the flow diagrams show its live state). */
export type CalculatorActor = (typeof import("./calculator.ts"))["calculatorActor"];
export const loadCalculator = async (): Promise<CalculatorActor> => (await import("./calculator.ts")).calculatorActor;

export async function openCalculator(): Promise<void> {
  const { calculatorActor } = await import("./calculator.ts");
  calculatorActor.send({ type: "user.open" });
  if (!requested) {
    requested = true;
    listeners.forEach((l) => l());
  }
}

/** True once the calculator has been asked for: the shell then mounts its modal. */
export const useCalculatorRequested = () =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => requested,
  );
