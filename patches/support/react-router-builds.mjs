/**
 * React Router 7.18.4's two server builds, as the patches of patches/ write text for them: the ES modules
 * the site runs and the CommonJS ones the tests load. Their texts differ only in the files and in how a
 * function of another chunk is named and called (the CommonJS build goes through the chunk's exports).
 */
export const REACT_ROUTER_BUILDS = [
  {
    render: "dist/development/chunk-H4DAEOV7.mjs",
    router: "dist/development/chunk-OB3PAWPO.mjs",
    scripts: "dist/development/chunk-OB3PAWPO.mjs",
    react: "React10",
    imported: (name) => name,
    call: (name) => `${name}(`,
  },
  {
    render: "dist/development/index.js",
    router: "dist/development/chunk-HQO5H5CC.js",
    scripts: "dist/development/chunk-GR4NQCSD.js",
    react: "React",
    imported: (name) => `_chunkGR4NQCSDjs.${name}`,
    call: (name) => `_chunkGR4NQCSDjs.${name}.call(void 0, `,
  },
];
