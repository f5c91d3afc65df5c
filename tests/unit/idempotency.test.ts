import { describe, expect, it } from "vitest";
import { idempotencyKeys } from "../../src/api/idempotency.ts";

describe("idempotency keys: one per user action, kept across its retries", () => {
  const counter = () => {
    let n = 0;
    return () => `key-${++n}`;
  };

  it("the same request sent again (a retry) carries the same key", () => {
    const keys = idempotencyKeys(counter());
    expect(keys.keyFor({ orderId: "", amount: 1 })).toBe("key-1");
    expect(keys.keyFor({ orderId: "", amount: 1 })).toBe("key-1");
  });

  it("a changed request is a new action with a new key", () => {
    const keys = idempotencyKeys(counter());
    expect(keys.keyFor({ amount: 1 })).toBe("key-1");
    expect(keys.keyFor({ amount: 2 })).toBe("key-2");
    expect(keys.keyFor({ amount: 1 })).toBe("key-3");
  });

  it("once the action has its answer, the same request again is a new action", () => {
    const keys = idempotencyKeys(counter());
    expect(keys.keyFor({ amount: 1 })).toBe("key-1");
    keys.settle();
    expect(keys.keyFor({ amount: 1 })).toBe("key-2");
  });

  it("the default keys are random UUIDs the server accepts (1-255 visible ASCII characters)", () => {
    const keys = idempotencyKeys();
    const key = keys.keyFor({});
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    keys.settle();
    expect(keys.keyFor({})).not.toBe(key);
  });
});
