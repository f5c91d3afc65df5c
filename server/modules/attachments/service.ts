import { randomBytes } from "node:crypto";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { withTransaction } from "../../db/transaction.ts";
import { AppError } from "../../errors.ts";
import { cleanPicture, sniffPicture } from "./picture.ts";
import { attachmentsRepository } from "./repository.ts";

/** API-011: uploads up to 2048 KB. */
export const MAX_UPLOAD_BYTES = 2048 * 1024;
/** API-010: png, jpg and jpeg, by name and by content. */
const ALLOWED_EXTENSIONS = ["png", "jpg", "jpeg"];

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

export type UploadQuota = Pick<Config, "uploadQuotaBytes" | "uploadQuotaFiles" | "uploadMaxPictureSide">;

/**
 * Stores a picture for the account after checking its name and its whole content (decoded, re-encoded without
 * metadata), within the account's quota; returns its public id.
 */
export async function storeAttachment(
  db: Db,
  memberId: number,
  file: { name: string; bytes: Buffer },
  quota: UploadQuota,
) {
  const name = cleanFileName(file.name);
  const extension = name.includes(".") ? name.split(".").pop()!.toLowerCase() : "";
  const contentType = sniffPicture(file.bytes);
  if (!ALLOWED_EXTENSIONS.includes(extension) || contentType === null) throw new AppError(1002, "upload.type");
  if (file.bytes.length > MAX_UPLOAD_BYTES) throw new AppError(1002, "upload.tooLarge");
  const data = await cleanPicture(file.bytes, contentType, { maxSide: quota.uploadMaxPictureSide });
  const id = randomBytes(18).toString("base64url");
  const repository = attachmentsRepository(db);
  await withTransaction(db, async (tx) => {
    // The account's uploads are counted with its row locked, so parallel uploads cannot pass the quota together.
    const used = await repository.usageForUpdate(memberId, tx);
    if (used.bytes + data.length > quota.uploadQuotaBytes || used.files + 1 > quota.uploadQuotaFiles)
      throw new AppError(1002, "upload.quota", {
        limitMb: Math.floor(quota.uploadQuotaBytes / (1024 * 1024)),
        limitFiles: quota.uploadQuotaFiles,
      });
    await repository.insert({ id, memberId, name, contentType, size: data.length, data }, tx);
  });
  return { id, name, urlPath: `/api/pc/attachment/${id}`, size: data.length, contentType };
}

/** A stored picture, or the not-found refusal (404). */
export async function readAttachment(db: Db, id: string) {
  const row = await attachmentsRepository(db).byId(id);
  if (!row) throw new AppError(404, "attachment.notFound", { id }, 404);
  return row;
}
