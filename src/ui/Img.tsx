import { useState, type ImgHTMLAttributes } from "react";
import { Trans } from "@lingui/react/macro";

/** SHELL-138: an image that fails to load is hidden and a no-picture placeholder is shown. */
export function Img({ className, alt, ...props }: ImgHTMLAttributes<HTMLImageElement> & { alt: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={`flex items-center justify-center bg-slate-100 text-sm text-slate-600 ${className ?? ""}`}
      >
        <Trans>No picture</Trans>
      </div>
    );
  }
  return <img {...props} alt={alt} className={className} onError={() => setFailed(true)} />;
}
