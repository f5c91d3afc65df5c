import type { FastifyReply } from "fastify";
import { AppError } from "../../errors.ts";
import { memberOf, ok, type OperationRequest, type RouteContext } from "../shared/http.ts";
import { decodePool } from "./picture.ts";
import { MAX_UPLOAD_BYTES, readAttachment, storeAttachment } from "./service.ts";

/** Uploaded pictures (API-009..011): embroidery artwork, printed linings, logos. */
export function attachmentRoutes({ db, config }: RouteContext) {
  decodePool.setLimit(config.uploadDecodeConcurrency);
  return {
    async uploadAttachment(req: OperationRequest<"uploadAttachment">) {
      if (!req.isMultipart()) throw new AppError(1002, "upload.missing");
      const part = await req.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
      if (!part || part.fieldname !== "file") throw new AppError(1002, "upload.missing");
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw new AppError(1002, "upload.tooLarge");
        throw error;
      }
      const stored = await storeAttachment(db, memberOf(req).memberId, { name: part.filename, bytes }, config);
      return ok(req, stored, "upload.success");
    },

    async readAttachment(req: OperationRequest<"readAttachment">, reply: FastifyReply) {
      const row = await readAttachment(db, req.params.id);
      return reply
        .header("Cache-Control", "private, max-age=86400, immutable")
        .header("Content-Disposition", `inline; filename*=UTF-8''${encodeURIComponent(row.name)}`)
        .type(row.contentType)
        .send(row.data);
    },
  };
}
