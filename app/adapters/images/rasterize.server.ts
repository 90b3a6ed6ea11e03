import { loadSharp } from "~/adapters/images/sharp.server";

/**
 * Renders an SVG drawing to PNG for places that do not accept SVG (Open Graph and Twitter cards,
 * podcast artwork), cropped to the requested size. The PNG is opaque (no alpha channel, any
 * transparency on white): Apple Podcasts refuses artwork with transparency.
 */
export async function svgToPng(svg: string, width: number, height: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg), { limitInputPixels: 4096 * 4096 }).resize(width, height, { fit: "cover" }).flatten({ background: "#ffffff" }).png({ compressionLevel: 9 }).toBuffer();
}
