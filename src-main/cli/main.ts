/** Entry point of the `skillbench` bundle. */
import { main } from './index';
import { reexecWithoutToken } from './token-handoff';

// `skillbench list | head` closes the pipe early: that is not an error worth a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw err;
  });
}

// The command decides when the process ends. The engine's timers do not hold a process open (the app must be
// free to quit), so a command awaiting one, such as the wait for a stopped skill's children, would otherwise
// find the process gone mid-command with exit code 0 and nothing said.
const alive = setInterval(() => undefined, 1 << 30);

// A command given a token in the environment becomes itself again without it there (token-handoff.ts).
reexecWithoutToken(process.argv[2]);

main(process.argv.slice(2))
  .then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      process.stderr.write(`skillbench: ${(err as Error).message}\n`);
      process.exitCode = 2;
    },
  )
  .finally(() => clearInterval(alive));
