import { createServer } from "node:http";

/**
 * The ceiling: a bare Node `http` server that answers every request with one page's bytes from memory,
 * exactly as the site sent them (same body, same encoding). Run as its own process, like the site.
 * Reads { body (base64), headers } as JSON on stdin and prints its port.
 */
let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", () => {
  const page = JSON.parse(input) as { body: string; headers: Record<string, string> };
  const body = Buffer.from(page.body, "base64");
  const server = createServer((_request, response) => {
    response.writeHead(200, { ...page.headers, "Content-Length": body.length });
    response.end(body);
  });
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    console.log(`bare server on ${typeof address === "object" && address ? address.port : ""}`);
  });
});
