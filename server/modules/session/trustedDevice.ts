import { createHash, randomBytes } from "node:crypto";

/**
 * The trusted-device cookie: one per account a browser signed in to (its name carries a hash of the user name,
 * so several accounts on one browser keep theirs), holding a random token whose SHA-256 the server stores.
 * httpOnly, SameSite=Strict, sent only to the sign-in call, Secure over HTTPS.
 */
export const deviceCookieName = (username: string) =>
  `mtm_device_${createHash("sha256").update(username.toLowerCase()).digest("hex").slice(0, 16)}`;

export const DEVICE_COOKIE_PATH = "/api/memberLogin";

export const newDeviceToken = () => randomBytes(32).toString("base64url");

export const hashDeviceToken = (token: string) => createHash("sha256").update(token).digest("hex");
