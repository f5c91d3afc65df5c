import { assign, emit, fromPromise, setup } from "xstate";
import { serverNotice, type Notice } from "../messages.ts";

/**
 * One picture upload (monogram artwork for font 1500, FILE crafts): the kind and size rules checked
 * before anything is sent (API-010, API-011), then `POST pc/attachment/upload` (API-009), which checks
 * the content again. A failure shows the server's message (API-012). The stored file is emitted as
 * `uploaded` for the view to hand to the order; the order machine only keeps its id and name.
 */

export {
  attachmentPath,
  MAX_UPLOAD_BYTES,
  UPLOAD_EXTENSIONS,
  uploadRefusal,
  type UploadedFile,
  type UploadFile,
  type UploadMessageKey,
} from "../../../domain/upload.ts";
import { uploadRefusal, type UploadedFile, type UploadFile, type UploadMessageKey } from "../../../domain/upload.ts";

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
