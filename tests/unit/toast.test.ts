import { afterEach, describe, expect, it } from "vitest";
import { toasts } from "../../src/ui/toast.ts";

afterEach(() => {
  for (const t of toasts.snapshot()) toasts.dismiss(t.id);
});

describe("toasts", () => {
  it("API-007 SHELL-135 a message already on screen is not shown twice (the transport's warning and the form's refusal)", () => {
    toasts.show("warning", "Order MTM-1 can no longer be changed");
    toasts.show("error", "Order MTM-1 can no longer be changed");
    expect(toasts.snapshot().map((t) => [t.kind, t.text])).toEqual([
      ["warning", "Order MTM-1 can no longer be changed"],
    ]);
    toasts.show("error", "Chest out of range (70–150 cm)");
    expect(toasts.snapshot()).toHaveLength(2);
  });

  it("once dismissed, the same message shows again", () => {
    toasts.show("error", "Please fill in the customer name");
    toasts.dismiss(toasts.snapshot()[0]!.id);
    toasts.show("error", "Please fill in the customer name");
    expect(toasts.snapshot().map((t) => t.text)).toEqual(["Please fill in the customer name"]);
  });
});
