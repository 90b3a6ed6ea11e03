// The resolve hook of tests/support/record-loaded-modules.mjs: records each ES module's URL.
import { appendFileSync } from "node:fs";

let file = "";
export function initialize(data) {
  file = data.file;
}

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(file, `${resolved.url}\n`);
  return resolved;
}
