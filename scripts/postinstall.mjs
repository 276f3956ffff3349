// After `npm install`: says, where Electron's binary could not be fetched (or its download was skipped), that
// `npm start` will open the workbench in the browser instead, and how to get the desktop app. It never fails the
// install: whatever goes wrong here, it exits 0 (and package.json adds `|| exit 0`).
try {
  const { electronBinary } = await import('./electron-binary.mjs');
  const found = electronBinary();
  if (!found.bin) {
    const skipped = process.env.ELECTRON_SKIP_BINARY_DOWNLOAD ? ' (ELECTRON_SKIP_BINARY_DOWNLOAD is set)' : '';
    process.stderr.write(
      `\nSkill Workbench: Electron's binary could not be fetched${skipped}, so \`npm start\` will open the workbench in your ` +
        'browser instead (browser mode: it prints the address and opens your browser). Everything else works as usual. ' +
        'For the desktop app, run `npm install` again where Electron\'s download server can be reached.\n\n',
    );
  }
} catch {
  // Saying so is a courtesy; the install goes on either way.
}
process.exit(0);
