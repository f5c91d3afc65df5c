import { useEffect, useId } from "react";
import { fromPromise } from "xstate";
import { useActorRef, useSelector } from "@xstate/react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  attachmentPath,
  uploadMachine,
  UPLOAD_EXTENSIONS,
  type UploadedFile,
  type UploadMessageKey,
} from "../../../machines/shared/upload/upload.machine.ts";
import type { Notice } from "../../../machines/shared/messages.ts";
import { isUploading, selectUploadRefusal } from "../../../machines/shared/upload/upload.selectors.ts";
import { unwrap } from "../../api/envelope.ts";
import { api } from "../../api/client.ts";
import { i18n } from "../../app/i18n.ts";

/** The upload machine bound to `POST pc/attachment/upload` (API-009). */
const boundUploadMachine = uploadMachine.provide({
  actors: {
    upload: fromPromise<UploadedFile, { body: Blob; name: string }>(async ({ input }) => {
      const stored = unwrap(
        await api.POST("/pc/attachment/upload", {
          body: { file: "" },
          bodySerializer: () => {
            const form = new FormData();
            form.append("file", input.body, input.name);
            return form;
          },
        }),
      );
      if (!stored) throw new Error("no attachment");
      return { id: stored.id, name: stored.name, urlPath: stored.urlPath };
    }),
  },
});

function uploadText(notice: Notice<UploadMessageKey>): string {
  switch (notice.key) {
    case "server":
      return notice.text;
    case "upload.kind":
      return i18n._(msg`Only png, jpg and jpeg pictures can be uploaded`);
    case "upload.tooLarge":
      return i18n._(msg`The picture must be 2048 KB or smaller`);
    default:
      return i18n._(msg`The picture could not be uploaded`);
  }
}

/**
 * A picture upload field (API-009..012): choose a png/jpg/jpeg of at most 2048 KB, see it, remove
 * it. The chosen attachment's id goes to `onChange`; `value` is the current one.
 */
export function PictureUpload(props: {
  label: string;
  value: string | null;
  fileName?: string;
  onChange: (file: UploadedFile | null) => void;
}) {
  const { t } = useLingui();
  const { onChange } = props;
  const actor = useActorRef(boundUploadMachine, { input: { uploaded: null } });
  const uploading = useSelector(actor, isUploading);
  const refusal = useSelector(actor, selectUploadRefusal);
  useEffect(() => {
    const done = actor.on("uploaded", (e) => onChange(e.file));
    const cleared = actor.on("cleared", () => onChange(null));
    return () => {
      done.unsubscribe();
      cleared.unsubscribe();
    };
  }, [actor, onChange]);
  const id = useId();
  return (
    <div className="flex flex-col gap-1 text-xs">
      <div className="flex items-center gap-2">
        {props.value && (
          <img
            src={attachmentPath(props.value)}
            alt={t`Uploaded picture for ${props.label}`}
            className="h-10 w-10 rounded border border-slate-300 object-contain"
          />
        )}
        <label htmlFor={id} className="cursor-pointer rounded border border-brand px-2 py-1 font-semibold text-brand">
          {props.value ? <Trans>Replace picture</Trans> : <Trans>Upload picture</Trans>}
        </label>
        <input
          id={id}
          type="file"
          aria-label={props.label}
          accept={UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(",")}
          className="sr-only"
          disabled={uploading}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file)
              actor.send({
                type: "user.choose",
                file: { name: file.name, size: file.size, type: file.type },
                body: file,
              });
            e.target.value = "";
          }}
        />
        {props.value && (
          <button type="button" className="text-red-700 underline" onClick={() => actor.send({ type: "user.clear" })}>
            <Trans>Remove picture</Trans>
          </button>
        )}
        {uploading && (
          <span aria-busy="true" className="text-slate-600">
            <Trans>Uploading…</Trans>
          </span>
        )}
        {props.value && props.fileName && <span className="text-slate-700">{props.fileName}</span>}
      </div>
      {refusal && (
        <p role="alert" className="text-red-700">
          {uploadText(refusal)}
        </p>
      )}
    </div>
  );
}
