import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * `npm install` runs this after installing (postinstall): it applies each patch of patches/ to the
 * installed package it names (ADR 073). npm has no patch support of its own, and this needs no package:
 * a patch is a piece of text replaced by another in one file, for one exact version. Applying twice
 * changes nothing; a package of another version, or a file without the text, stops the install with a
 * message saying what to check, so an upgrade never silently drops a patch. Plain JavaScript, so a
 * production install (`npm install --omit=dev`) runs it too.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const patchesFolder = path.join(root, "patches");

// A patch file holds one patch, or a list of them when one change needs several places.
for (const name of readdirSync(patchesFolder).filter((file) => file.endsWith(".mjs")).sort()) {
  for (const patch of [(await import(pathToFileURL(path.join(patchesFolder, name)).href)).default].flat()) applyPatch(name, patch);
}

function applyPatch(name, patch) {
  const packageFolder = path.join(root, "node_modules", patch.package);
  const installed = JSON.parse(readFileSync(path.join(packageFolder, "package.json"), "utf8")).version;
  const fail = (reason) => {
    process.stderr.write(`patches/${name}: ${reason}. Check whether the patch is still needed and rewrite it for this version.\n`);
    process.exit(1);
  };
  if (installed !== patch.version) fail(`${patch.package} is ${installed}, the patch is for ${patch.version}`);
  for (const relative of patch.files) {
    const file = path.join(packageFolder, relative);
    const text = readFileSync(file, "utf8");
    if (text.includes(patch.marker)) continue;
    if (text.split(patch.find).length !== 2) fail(`${patch.package}/${relative} does not hold the patched text exactly once`);
    writeFileSync(file, text.replace(patch.find, () => patch.replace));
    process.stdout.write(`Patched ${patch.package} ${patch.version} (${relative}): ${name}\n`);
  }
}
