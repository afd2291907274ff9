// The shared layers' stack (their order, top to bottom, in .dependency-cruiser-parts.cjs; no folder cycles), checked
// over shipped code only: `npm run lint` runs it after .dependency-cruiser.cjs. A layer's tests import
// web/src/test-utils, which imports the layers: not a cycle of the app.
const base = require('./.dependency-cruiser.cjs');
const { layerOrder, sharedFolderCycle, TEST_CODE } = require('./.dependency-cruiser-parts.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [sharedFolderCycle, ...layerOrder],
  options: { ...base.options, exclude: { path: [base.options.exclude.path, ...TEST_CODE] } },
};
