/**
 * Browser mode's view of a skill's complete log file (LOG_FILE_ROUTE): numbered plain text, secrets redacted,
 * streamed as it is read so a large log costs the server no more memory than a small one. The gate has already
 * checked the token; the skill must be one of the open folders'.
 */
import type { ServerResponse } from 'node:http';
import type { Workbench } from '../workbench/workbench';
import { CSP } from './static-files';

export async function serveLogFile(workbench: Workbench, url: URL, res: ServerResponse, headOnly = false): Promise<void> {
  const skillId = url.searchParams.get('skill') ?? '';
  try {
    workbench.skillRef(skillId);
  } catch (err) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`${(err as Error).message}\n`);
    return;
  }
  res.writeHead(200, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Security-Policy': CSP,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
  });
  if (headOnly) {
    res.end();
    return;
  }
  let gone = false;
  res.once('close', () => (gone = true));
  try {
    await workbench.logFiles.render(skillId, {
      write: (text) => (gone ? true : res.write(text)),
      drained: () => (gone ? Promise.resolve() : new Promise((resolve) => {
        const done = () => { res.off('drain', done); res.off('close', done); resolve(); };
        res.once('drain', done);
        res.once('close', done);
      })),
    });
  } catch (err) {
    if (!gone) res.write(`\nThe log file could not be read to the end: ${(err as Error).message}\n`);
  }
  res.end();
}
