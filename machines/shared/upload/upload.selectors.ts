import type { SnapshotFrom } from "xstate";
import type { uploadMachine } from "./upload.machine.ts";

/** What a picture upload field reads (API-009..012). */
type Snap = SnapshotFrom<typeof uploadMachine>;

/** API-009: the picture is being uploaded. */
export const isUploading = (s: Snap) => s.hasTag("pending");
/** API-010..012: why the picture was refused (kind, size, or the server's message), or null. */
export const selectUploadRefusal = (s: Snap) => s.context.refusal;
