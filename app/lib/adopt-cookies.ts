/**
 * Copies the cookies a response sets into the request's Cookie header. When an action renews the
 * session, React Router runs the page's loaders in the same request (without JavaScript) with the
 * request's headers: this lets them see the new session instead of the one the action just ended.
 */
export function adoptSetCookies(request: Request, setCookies: Headers): void {
  const jar = new Map<string, string>();
  for (const pair of (request.headers.get("cookie") ?? "").split(";")) {
    const at = pair.indexOf("=");
    if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  for (const line of setCookies.getSetCookie()) {
    const [pair = ""] = line.split(";");
    const at = pair.indexOf("=");
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    if (value === "" || /max-age=0(;|$)/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
  request.headers.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
}
