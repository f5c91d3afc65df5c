import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import {
  MAX_UPLOAD_BYTES,
  uploadMachine,
  uploadRefusal,
  type UploadedFile,
} from "../../machines/shared/upload/upload.machine.ts";
import { ApiError } from "../../machines/shared/messages.ts";

const png = { name: "logo.png", size: 1200, type: "image/png" };

function start(upload: (input: { body: Blob; name: string }) => Promise<UploadedFile>) {
  const calls: string[] = [];
  const actor = createActor(
    uploadMachine.provide({
      actors: {
        upload: fromPromise<UploadedFile, { body: Blob; name: string }>(async ({ input }) => {
          calls.push(input.name);
          return upload(input);
        }),
      },
    }),
    { input: {} },
  ).start();
  const emitted: unknown[] = [];
  actor.on("uploaded", (e) => emitted.push(e.file));
  actor.on("cleared", () => emitted.push("cleared"));
  return { actor, calls, emitted };
}

describe("picture upload", () => {
  it("API-010 png, jpg and jpeg are accepted; other kinds are refused before anything is sent", () => {
    expect(uploadRefusal(png)).toBeNull();
    expect(uploadRefusal({ name: "a.JPG", size: 10, type: "image/jpeg" })).toBeNull();
    expect(uploadRefusal({ name: "a.jpeg", size: 10, type: "" })).toBeNull();
    expect(uploadRefusal({ name: "a.gif", size: 10, type: "image/gif" })).toEqual({ key: "upload.kind" });
    expect(uploadRefusal({ name: "a.png", size: 10, type: "application/pdf" })).toEqual({ key: "upload.kind" });
    expect(uploadRefusal({ name: "png", size: 10, type: "" })).toEqual({ key: "upload.kind" });
  });

  it("API-011 the limit is 2048 KB", () => {
    expect(MAX_UPLOAD_BYTES).toBe(2048 * 1024);
    expect(uploadRefusal({ ...png, size: 2048 * 1024 })).toBeNull();
    expect(uploadRefusal({ ...png, size: 2048 * 1024 + 1 })).toEqual({ key: "upload.tooLarge" });
  });

  it("API-009 a chosen picture is uploaded and the stored file is emitted", async () => {
    const stored = { id: "a".repeat(20), name: "logo.png", urlPath: "/api/pc/attachment/aaaa" };
    const { actor, calls, emitted } = start(async () => stored);
    actor.send({ type: "user.choose", file: png, body: new Blob(["x"]) });
    expect(actor.getSnapshot().hasTag("pending")).toBe(true);
    await waitFor(actor, (s) => s.matches("idle") && s.context.uploaded !== null);
    expect(calls).toEqual(["logo.png"]);
    expect(emitted).toEqual([stored]);
    actor.send({ type: "user.clear" });
    expect(emitted).toEqual([stored, "cleared"]);
  });

  it("API-010 API-011 a refused file is never sent", () => {
    const { actor, calls } = start(async () => {
      throw new Error("must not be called");
    });
    actor.send({ type: "user.choose", file: { ...png, size: MAX_UPLOAD_BYTES + 1 }, body: new Blob(["x"]) });
    expect(actor.getSnapshot().context.refusal).toEqual({ key: "upload.tooLarge" });
    expect(actor.getSnapshot().matches("idle")).toBe(true);
    expect(calls).toEqual([]);
  });

  it("API-012 an upload failure shows the server message", async () => {
    const { actor, emitted } = start(async () => {
      throw new ApiError(1002, "The file is not a png or jpeg picture");
    });
    actor.send({ type: "user.choose", file: png, body: new Blob(["x"]) });
    await waitFor(actor, (s) => s.context.refusal !== null);
    expect(actor.getSnapshot().context.refusal).toEqual({
      key: "server",
      text: "The file is not a png or jpeg picture",
    });
    expect(emitted).toEqual([]);
  });
});
