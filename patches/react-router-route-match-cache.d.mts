/** A patch of patches/ as scripts/patch-dependencies.mjs applies it. */
declare const patch: { package: string; version: string; files: string[]; marker: string; find: string; replace: string };
export default patch;
