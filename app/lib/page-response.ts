/**
 * Marks the rendered page's bytes on the Response that carries them. Shared by name (Symbol.for), because
 * the React Router build that makes the Response and the server build that sends it each hold their own
 * copy of this module.
 */
const PAGE_BYTES = Symbol.for("diaspora-policy.page-bytes");
const SHARED_PART = Symbol.for("diaspora-policy.page-shared-part");

/**
 * A stretch every page holds alike (the inline stylesheet): where it starts in this page, and its bytes, the
 * very same Buffer on every page, so the server compresses it once (server/page-gzip.ts).
 */
export interface SharedPart {
  at: number;
  bytes: Buffer;
}

type WithPageBytes = Response & { [PAGE_BYTES]?: Buffer; [SHARED_PART]?: SharedPart };

/**
 * A whole rendered page as a Response, without copying it into a web stream: the server sends or stores
 * the very bytes (`pageBytesOf`), where `new Response(bytes)` would wrap them in a stream for the server
 * to read back into a buffer. Anything else that reads the Response gets the same bytes.
 */
export function pageResponse(bytes: Buffer<ArrayBuffer>, init: ResponseInit, sharedPart?: SharedPart): Response {
  const response: WithPageBytes = new Response(null, init);
  response[PAGE_BYTES] = bytes;
  response[SHARED_PART] = sharedPart;
  Object.defineProperties(response, {
    body: { get: () => new Response(bytes).body },
    arrayBuffer: { value: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) },
    text: { value: async () => bytes.toString("utf8") },
    clone: { value: () => pageResponse(bytes, response, sharedPart) },
  });
  return response;
}

/** The page's bytes when the Response was made by `pageResponse`. */
export function pageBytesOf(response: Response): Buffer | undefined {
  return (response as WithPageBytes)[PAGE_BYTES];
}

/** The part the page shares with every other page, when it was marked. */
export function sharedPartOf(response: Response): SharedPart | undefined {
  return (response as WithPageBytes)[SHARED_PART];
}

/** A Response's whole body as one buffer: the page's own bytes when it has them, else read from its stream. */
export async function wholeBodyOf(response: Response): Promise<Buffer> {
  return pageBytesOf(response) ?? Buffer.from(await response.arrayBuffer());
}
