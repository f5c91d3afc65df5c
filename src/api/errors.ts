/**
 * The errors the typed client raises. A machine (which may import nothing of src/) recognises them by
 * their shape, through `isApiError` / `isNetworkError` or an equivalent guard of its own: the `name`
 * and the fields below are the contract, not the class.
 */
import { ApiError as MachineApiError, NetworkError as MachineNetworkError } from "../../machines/shared/messages.ts";

/** What an API error looks like to code that cannot import this file. */
export interface ApiErrorShape {
  name: "ApiError";
  /** The envelope code (API-006), or the HTTP status when the body had none. */
  code: string | number;
  message: string;
  httpStatus?: number;
}

/** What a network failure looks like to code that cannot import this file. */
export interface NetworkErrorShape {
  name: "NetworkError";
  message: string;
}

// Transitional: while the machines still test `instanceof` against their own classes
// (machines/shared/messages.ts), ours extend them so both checks hold. When the machines recognise
// errors by shape, these become plain `extends Error` and this import goes.

/** API-005, API-006: a call the server answered with a non-zero code or an HTTP error. */
export class ApiError extends MachineApiError implements ApiErrorShape {
  declare readonly name: "ApiError";
  constructor(code: string | number, message: string, httpStatus?: number) {
    super(code, message, httpStatus);
    this.name = "ApiError";
  }
}

/** A fetch that never reached the server (offline, DNS, timeout, a refresh that failed in passing). */
export class NetworkError extends MachineNetworkError implements NetworkErrorShape {
  declare readonly name: "NetworkError";
  constructor(message = "network") {
    super(message);
    this.name = "NetworkError";
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** True for an ApiError by shape (any realm, any copy of the class). */
export const isApiError = (error: unknown): error is ApiErrorShape =>
  isObject(error) &&
  error.name === "ApiError" &&
  (typeof error.code === "string" || typeof error.code === "number") &&
  typeof error.message === "string";

/** True for a NetworkError by shape. */
export const isNetworkError = (error: unknown): error is NetworkErrorShape =>
  isObject(error) && error.name === "NetworkError" && typeof error.message === "string";
