import { randomBytes } from "node:crypto";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { attachmentsRepository } from "./repository.ts";

/** API-011: uploads up to 2048 KB. */
export const MAX_UPLOAD_BYTES = 2048 * 1024;
/** API-010: png, jpg and jpeg, by name and by content. */
const ALLOWED_EXTENSIONS = ["png", "jpg", "jpeg"];

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The picture kind a file's first bytes announce (its magic number), whatever its name says. */
export function sniffPicture(bytes: Buffer): "image/png" | "image/jpeg" | null {
  if (bytes.length >= PNG_SIGNATURE.length && bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE))
    return "image/png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  return null;
}

/** The file's own name without a path, control characters or excess length. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  return (
    base
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u001f\u007f]/g, "")
      .trim()
      .slice(0, 200) || "upload"
  );
}

/** Stores a picture for the account after checking its name and its content; returns its public id. */
export async function storeAttachment(db: Db, memberId: number, file: { name: string; bytes: Buffer }) {
  const name = cleanFileName(file.name);
  const extension = name.includes(".") ? name.split(".").pop()!.toLowerCase() : "";
  const contentType = sniffPicture(file.bytes);
  if (!ALLOWED_EXTENSIONS.includes(extension) || contentType === null) throw new AppError(1002, "upload.type");
  if (file.bytes.length > MAX_UPLOAD_BYTES) throw new AppError(1002, "upload.tooLarge");
  const id = randomBytes(18).toString("base64url");
  await attachmentsRepository(db).insert({
    id,
    memberId,
    name,
    contentType,
    size: file.bytes.length,
    data: file.bytes,
  });
  return { id, name, urlPath: `/api/pc/attachment/${id}`, size: file.bytes.length, contentType };
}

/** A stored picture, or the not-found refusal (404). */
export async function readAttachment(db: Db, id: string) {
  const row = await attachmentsRepository(db).byId(id);
  if (!row) throw new AppError(404, "attachment.notFound", { id }, 404);
  return row;
}
