/** Picture uploads (monogram artwork for font 1500, FILE crafts): the rules checked before anything is sent. */

/** API-011: 2048 KB. */
export const MAX_UPLOAD_BYTES = 2048 * 1024;
/** API-010: png, jpg and jpeg. */
export const UPLOAD_EXTENSIONS = ["png", "jpg", "jpeg"] as const;
const UPLOAD_TYPES = ["image/png", "image/jpeg"];

export { attachmentPath } from "./orderEntry/draft.ts";

export interface UploadFile {
  name: string;
  size: number;
  type: string;
}
export interface UploadedFile {
  id: string;
  name: string;
  urlPath: string;
}

export type UploadMessageKey = "upload.kind" | "upload.tooLarge" | "upload.failed";

/** API-010, API-011: the first reason a chosen file is refused before upload, or null. */
export function uploadRefusal(file: UploadFile): { key: UploadMessageKey } | null {
  const dot = file.name.lastIndexOf(".");
  const extension = dot < 0 ? "" : file.name.slice(dot + 1).toLowerCase();
  // API-010: png, jpg, jpeg by name and by the browser's type
  if (
    !(UPLOAD_EXTENSIONS as readonly string[]).includes(extension) ||
    (file.type !== "" && !UPLOAD_TYPES.includes(file.type))
  )
    return { key: "upload.kind" };
  // API-011: at most 2048 KB
  if (file.size > MAX_UPLOAD_BYTES) return { key: "upload.tooLarge" };
  return null;
}
