// Runs first in `npm install` (preinstall) and `npm test`: on a Node older than the app needs, one sentence saying
// what to install, instead of a page of engine warnings and a build that fails later. In `npm test` it also says
// which Node the gate runs on.
const MIN = [22, 12];
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < MIN[0] || (major === MIN[0] && minor < MIN[1])) {
  console.error(
    `Skill Workbench needs Node.js ${MIN.join('.')} or newer, and this is Node ${process.versions.node}: install Node 24 LTS (https://nodejs.org, or "nvm install 24"), then run this again.`,
  );
  process.exit(1);
}
if (process.argv.includes('--say')) console.log(`Node ${process.version}`);
