/** The client's errors are recognised by shape, so a machine (which imports nothing of src/) can tell them apart. */
import { describe, expect, it } from "vitest";
import { ApiError, NetworkError, isApiError, isNetworkError } from "../../src/api/errors.ts";

describe("API errors by shape", () => {
  it("an ApiError is an ApiError by shape, with its code, message and HTTP status", () => {
    const error = new ApiError("RTE", "Your session has expired", 401);
    expect(isApiError(error)).toBe(true);
    expect(isNetworkError(error)).toBe(false);
    expect(error).toMatchObject({
      name: "ApiError",
      code: "RTE",
      message: "Your session has expired",
      httpStatus: 401,
    });
  });

  it("a NetworkError is a NetworkError by shape", () => {
    const error = new NetworkError("Failed to fetch");
    expect(isNetworkError(error)).toBe(true);
    expect(isApiError(error)).toBe(false);
  });

  it("a plain object of the same shape passes (another copy of the class, another realm)", () => {
    expect(isApiError({ name: "ApiError", code: 1002, message: "Insufficient Balance" })).toBe(true);
    expect(isNetworkError({ name: "NetworkError", message: "network" })).toBe(true);
  });

  it("anything else does not", () => {
    for (const value of [null, undefined, "ApiError", new Error("x"), { name: "ApiError", message: "no code" }]) {
      expect(isApiError(value)).toBe(false);
      expect(isNetworkError(value)).toBe(false);
    }
  });
});
