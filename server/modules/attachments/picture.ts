import type { Metadata } from "sharp";
import { AppError } from "../../errors.ts";
import { loadSharp } from "../shared/sharp.ts";
import { boundedPool } from "./decodePool.ts";

/*
 * Decoded pictures are not cached between uploads (each is read once). Issue 20 §4d(a): one libvips thread per
 * picture (both set where sharp is loaded, shared/sharp.ts); how many pictures are decoded at once is the decode
 * pool's (below), so the memory and CPU uploads take are bounded by the number of pictures, not the number of
 * requests.
 */

/** A picture's pixels are capped before it is decoded: 25 megapixels (e.g. 5000 × 5000). */
export const MAX_PICTURE_PIXELS = 25_000_000;

/**
 * Every upload is decoded in this pool (UPLOAD_DECODE_CONCURRENCY at once, 2 by default; set by the
 * attachments' routes). One per process: the memory it bounds is the process's.
 */
export const decodePool = boundedPool(2);

/** The limits a picture is checked against from its header, before it is decoded. */
export interface PictureLimits {
  /** Each side at most this many pixels (UPLOAD_MAX_PICTURE_SIDE, 10,000 by default). */
  maxSide: number;
}

type PictureType = "image/png" | "image/jpeg";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The picture kind a file's first bytes announce (its magic number), whatever its name says: what it claims. */
export function sniffPicture(bytes: Buffer): PictureType | null {
  if (bytes.length >= PNG_SIGNATURE.length && bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE))
    return "image/png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  return null;
}

/**
 * Issue 9 §5: a picture is kept only once the whole file has decoded as the type it claims, and what is kept is
 * the decoded picture encoded again (libvips through sharp): EXIF (camera, GPS position, dates), XMP, ICC and
 * comment chunks, and any bytes hidden after the image data, are not kept; the EXIF orientation is applied to
 * the pixels first, so the picture looks the same. The header's dimensions are read before decoding and a
 * picture of more than MAX_PICTURE_PIXELS is refused, so a small file cannot expand into gigabytes.
 */
export async function cleanPicture(bytes: Buffer, claimed: PictureType, limits: PictureLimits): Promise<Buffer> {
  // Any decoder warning (bad Huffman code, extraneous bytes, a cut-short file) refuses: the whole file must decode.
  const options = { failOn: "warning", limitInputPixels: false } as const;
  const sharp = await loadSharp();
  let header: Metadata;
  try {
    header = await sharp(bytes, options).metadata();
  } catch {
    throw new AppError(1002, "upload.damaged");
  }
  if (`image/${header.format}` !== claimed) throw new AppError(1002, "upload.damaged");
  if (!header.width || !header.height) throw new AppError(1002, "upload.damaged");
  if (header.width * header.height > MAX_PICTURE_PIXELS)
    throw new AppError(1002, "upload.tooManyPixels", { megapixels: MAX_PICTURE_PIXELS / 1_000_000 });
  // Issue 20 §4d(a): within 25 megapixels, a picture of 25,000,000 × 1 took about 1 GB and seconds of CPU
  // to decode and encode again (a row that long; a column that tall costs CPU per row). Each side is bounded.
  if (header.width > limits.maxSide || header.height > limits.maxSide)
    throw new AppError(1002, "upload.tooWide", { maxSide: limits.maxSide });
  return decodePool.run(async () => {
    try {
      const decoded = sharp(bytes, { ...options, limitInputPixels: MAX_PICTURE_PIXELS }).rotate();
      return claimed === "image/png"
        ? await decoded.png({ compressionLevel: 9 }).toBuffer()
        : await decoded.jpeg({ quality: 90 }).toBuffer();
    } catch {
      throw new AppError(1002, "upload.damaged");
    }
  });
}
