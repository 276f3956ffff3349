// The Chromium the tests drive: SKILLBENCH_CHROMIUM; else Debian's headless shell, the lighter build Playwright
// itself runs headless tests in (the full browser drew a third more frames for nothing the tests look at); else
// Debian's Chromium; else none, and Playwright uses the browser it manages.
import fs from 'node:fs';

export function chromiumPath(): string | undefined {
  if (process.env.SKILLBENCH_CHROMIUM) return process.env.SKILLBENCH_CHROMIUM;
  return ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p));
}
