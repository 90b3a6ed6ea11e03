/**
 * Marks the rendered page's bytes on the Response that carries them. Shared by name (Symbol.for), because
 * the React Router build that makes the Response and the server build that sends it each hold their own
 * copy of this module.
 */
const PAGE_BYTES = Symbol.for("diaspora-policy.page-bytes");

type WithPageBytes = Response & { [PAGE_BYTES]?: Buffer };

/**
 * A whole rendered page as a Response, without copying it into a web stream: the server sends or stores
 * the very bytes (`pageBytesOf`), where `new Response(bytes)` would wrap them in a stream for the server
 * to read back into a buffer. Anything else that reads the Response gets the same bytes.
 */
export function pageResponse(bytes: Buffer<ArrayBuffer>, init: ResponseInit): Response {
  const response: WithPageBytes = new Response(null, init);
  response[PAGE_BYTES] = bytes;
  Object.defineProperties(response, {
    body: { get: () => new Response(bytes).body },
    arrayBuffer: { value: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) },
    text: { value: async () => bytes.toString("utf8") },
    clone: { value: () => pageResponse(bytes, response) },
  });
  return response;
}

/** The page's bytes when the Response was made by `pageResponse`. */
export function pageBytesOf(response: Response): Buffer | undefined {
  return (response as WithPageBytes)[PAGE_BYTES];
}

/** A Response's whole body as one buffer: the page's own bytes when it has them, else read from its stream. */
export async function wholeBodyOf(response: Response): Promise<Buffer> {
  return pageBytesOf(response) ?? Buffer.from(await response.arrayBuffer());
}
