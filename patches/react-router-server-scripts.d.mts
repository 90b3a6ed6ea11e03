import type patch from "./react-router-route-match-cache.mjs";

/** The patches of patches/react-router-server-scripts.mjs, as scripts/patch-dependencies.mjs applies them. */
declare const patches: Array<typeof patch>;
export default patches;
