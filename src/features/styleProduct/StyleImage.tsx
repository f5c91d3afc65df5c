import { useState } from "react";
import defaultImage from "./default-style.svg";

/** SO-031: a catalogue picture that shows the default style picture when it fails to load. */
export function StyleImage({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={failed ? defaultImage : src}
      alt={alt}
      loading="lazy"
      data-default-image={failed ? "" : undefined}
      className={className}
      onError={() => setFailed(true)}
    />
  );
}
