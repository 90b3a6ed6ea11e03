import { coverFile, coverSrcSet, isUploadedCover } from "~/modules/blog/cover-files";

/**
 * An article's cover: an uploaded one in AVIF, WebP or JPEG at the width the screen needs, a drawn one
 * as its SVG. Width and height are given so nothing moves while it loads.
 */
export function CoverPicture({ image, alt, sizes, className, eager = false, first = false }: { image: string; alt: string; sizes: string; className?: string; eager?: boolean; first?: boolean }) {
  // The article page's cover is loaded at once, at normal priority: on a phone the title is the
  // largest paint, and a high-priority picture ahead of the stylesheet delays the first one.
  const loading = eager || first ? "eager" : "lazy";
  if (!isUploadedCover(image)) {
    return <img src={image} alt={alt} width={1200} height={675} loading={loading} decoding="async" className={className} />;
  }
  return (
    <picture>
      <source type="image/avif" srcSet={coverSrcSet(image, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={coverSrcSet(image, "webp")} sizes={sizes} />
      <img src={coverFile(image, 1200, "jpg")} srcSet={coverSrcSet(image, "jpg")} sizes={sizes} alt={alt} width={1200} height={675} loading={loading} decoding="async" className={className} />
    </picture>
  );
}
