/**
 * PO-010: a function run at most once per `ms`: the first call runs at once, the calls during the
 * wait are folded into one that runs when the wait ends (so the last scroll position always counts).
 */
export function throttle(run: () => void, ms: number): (() => void) & { cancel(): void } {
  let waiting: ReturnType<typeof setTimeout> | null = null;
  let pending = false;
  const later = () => {
    if (pending) {
      pending = false;
      run();
      waiting = setTimeout(later, ms);
    } else waiting = null;
  };
  const throttled = () => {
    if (waiting !== null) {
      pending = true;
      return;
    }
    run();
    waiting = setTimeout(later, ms);
  };
  throttled.cancel = () => {
    if (waiting !== null) clearTimeout(waiting);
    waiting = null;
    pending = false;
  };
  return throttled;
}
