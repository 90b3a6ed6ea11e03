/** A private file route's plain-text answer (a file that is not there); its policy answers a bad link. */
export const plainText = (status: number, text: string) => new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
