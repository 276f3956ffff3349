// Runs first in `npm install` (preinstall) and `npm test`. On a Node older than the app runs on, the install fetches
// the pinned Node (pinned-node.mjs) that the build, `npm start` and `npm test` then run on, instead of a page of engine
// warnings and a build that fails later; with SKILLBENCH_SYSTEM_NODE=1, one sentence says what to install. In
// `npm test` it also says which Node the gate runs on.
import { onPinnedNode, fetchPinnedNode, tooOld } from './pinned-node.mjs';

if (process.argv.includes('--say')) {
  onPinnedNode(import.meta.url);
  console.log(`Node ${process.version}`);
} else if (tooOld()) {
  if (process.env.SKILLBENCH_SYSTEM_NODE === '1') onPinnedNode(import.meta.url);
  else fetchPinnedNode();
}
