/** Fit within 800 × 800 pixels, quality 0.8, in the original type. */
export const COMPRESSION = { maxSide: 800, quality: 0.8 } as const;

/** Why an image could not be made smaller: it would not load, or the browser could not encode it. */
export class ImageCompressionError extends Error {
  override name = "ImageCompressionError";
  constructor(readonly code: "load" | "compress") {
    super(code === "load" ? "Failed to load image" : "Failed to compress image");
  }
}

/** The size that fits within `maxSide` × `maxSide` keeping the proportions; smaller images keep theirs. */
export function fitWithin(width: number, height: number, maxSide: number = COMPRESSION.maxSide): { width: number; height: number } {
  if (width <= maxSide && height <= maxSide) return { width, height };
  const scale = Math.min(maxSide / width, maxSide / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The type to encode in: the file's own, JPEG or PNG. Some systems name JPEG `image/jpg` or give no
 * type at all; a canvas would silently answer those with a PNG.
 */
export function encodingType(file: Pick<File, "name" | "type">): "image/jpeg" | "image/png" {
  return /^image\/(jpeg|jpg|pjpeg)$/i.test(file.type) || (!file.type && /\.jpe?g$/i.test(file.name)) ? "image/jpeg" : "image/png";
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new ImageCompressionError("load"));
    image.src = url;
  });
}

/**
 * In the browser, before upload: the image drawn again at most 800 × 800 and encoded at quality 0.8
 * in its own type (a PNG stays a PNG). The server checks and re-encodes it again; this only makes the
 * upload small.
 */
export async function compressImage(file: File): Promise<File> {
  const url = URL.createObjectURL(file);
  try {
    const image = await loadImage(url);
    const { width, height } = fitWithin(image.naturalWidth, image.naturalHeight);
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d");
    if (!context) throw new ImageCompressionError("compress");
    context.drawImage(image, 0, 0, width, height);
    const type = encodingType(file);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, COMPRESSION.quality));
    if (!blob || blob.type !== type) throw new ImageCompressionError("compress");
    return new File([blob], file.name, { type, lastModified: file.lastModified });
  } finally {
    URL.revokeObjectURL(url);
  }
}
