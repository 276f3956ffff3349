/** Says up front, in plain words, whether the Electron half of the suite can run here. */
import { electronBinary } from './fixtures';

export default function globalSetup(): void {
  if (!electronBinary()) {
    process.stdout.write(
      '\nElectron tests: SKIPPED. No Electron binary is installed (npm install ran with ELECTRON_SKIP_BINARY_DOWNLOAD=1, or the download failed).\n' +
        'The same suite runs against the desktop app wherever a normal "npm install" fetched Electron. Browser-mode tests run in Chromium below.\n\n',
    );
  }
}
