// Loaded with `node --import` into a server under test (tests/integration/heavy-modules-on-first-use.test.ts):
// appends the file of every module the process loads to $LOADED_MODULES_FILE, one a line. ES modules are
// seen through a resolve hook (which runs in a thread of its own), CommonJS `require` calls in this thread.
import { appendFileSync } from "node:fs";
import Module, { register } from "node:module";
import process from "node:process";

const file = process.env.LOADED_MODULES_FILE;
if (file) {
  register("./record-loaded-modules.hooks.mjs", import.meta.url, { data: { file } });
  const load = Module._load;
  Module._load = function (request, parent, isMain) {
    try {
      appendFileSync(file, `${Module._resolveFilename(request, parent, isMain)}\n`);
    } catch {
      // A built-in or a module that does not resolve: `load` reports it as it would have.
    }
    return load.apply(this, arguments);
  };
}
