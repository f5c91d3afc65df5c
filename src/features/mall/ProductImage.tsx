import { useState } from "react";
import placeholder from "./placeholder.svg";

/** GOODS-021: a product picture that shows the placeholder when it fails to load. */
export function ProductImage({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={failed ? placeholder : src}
      alt={alt}
      loading="lazy"
      data-placeholder={failed ? "" : undefined}
      className={className}
      onError={() => setFailed(true)}
    />
  );
}
