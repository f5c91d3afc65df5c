import { assign, emit, fromPromise, setup } from "xstate";
import { serverNotice, type Notice } from "../messages.ts";

/**
 * One picture upload (monogram artwork for font 1500, FILE crafts): the kind and size rules checked
 * before anything is sent (API-010, API-011), then `POST pc/attachment/upload` (API-009), which checks
 * the content again. A failure shows the server's message (API-012). The stored file is emitted as
 * `uploaded` for the view to hand to the order; the order machine only keeps its id and name.
 */

/** API-011: 2048 KB. */
export const MAX_UPLOAD_BYTES = 2048 * 1024;
/** API-010: png, jpg and jpeg. */
export const UPLOAD_EXTENSIONS = ["png", "jpg", "jpeg"] as const;
const UPLOAD_TYPES = ["image/png", "image/jpeg"];

/** Where an uploaded picture can be seen again (GET pc/attachment/{id}, under the /api base). */
export const attachmentPath = (id: string) => `/api/pc/attachment/${encodeURIComponent(id)}`;

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

export type UploadEvent = { type: "user.choose"; file: UploadFile; body: Blob } | { type: "user.clear" };

export interface UploadContext {
  file: UploadFile | null;
  body: Blob | null;
  uploaded: UploadedFile | null;
  refusal: Notice<UploadMessageKey> | null;
}

export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    input: {} as { uploaded?: UploadedFile | null },
    emitted: {} as { type: "uploaded"; file: UploadedFile } | { type: "cleared" },
    tags: {} as "pending",
  },
  actors: {
    upload: fromPromise<UploadedFile, { body: Blob; name: string }>(async () => {
      throw new Error("upload actor not provided");
    }),
  },
  guards: {
    // API-010, API-011
    isRefused: ({ event }) => event.type === "user.choose" && uploadRefusal(event.file) !== null,
  },
}).createMachine({
  id: "upload",
  context: ({ input }) => ({ file: null, body: null, uploaded: input.uploaded ?? null, refusal: null }),
  initial: "idle",
  states: {
    idle: {
      on: {
        "user.choose": [
          { guard: "isRefused", actions: assign({ refusal: ({ event }) => uploadRefusal(event.file) }) },
          {
            target: "uploading",
            actions: assign({ file: ({ event }) => event.file, body: ({ event }) => event.body, refusal: null }),
          },
        ],
        "user.clear": { actions: [assign({ uploaded: null, refusal: null }), emit({ type: "cleared" as const })] },
      },
    },
    uploading: {
      tags: ["pending"],
      invoke: {
        src: "upload",
        input: ({ context }) => ({ body: context.body!, name: context.file!.name }),
        onDone: {
          target: "idle",
          actions: [
            assign({ uploaded: ({ event }) => event.output, body: null }),
            emit(({ event }) => ({ type: "uploaded" as const, file: event.output })),
          ],
        },
        // API-012: the server's message
        onError: {
          target: "idle",
          actions: assign({
            refusal: ({ event }) => serverNotice<UploadMessageKey>(event.error, "upload.failed"),
            body: null,
          }),
        },
      },
    },
  },
});
