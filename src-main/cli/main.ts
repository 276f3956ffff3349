/** Entry point of the `skillbench` bundle. */
import { main } from './index';

// `skillbench list | head` closes the pipe early: that is not an error worth a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw err;
  });
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`skillbench: ${(err as Error).message}\n`);
    process.exitCode = 2;
  },
);
