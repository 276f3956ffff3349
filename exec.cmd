@rem `npm start` on Windows: package.json starts the workbench with `exec` (POSIX shells need it, scripts/start.mjs
@rem says why) and cmd has none, so cmd finds this file in the project folder, which runs the rest of the line.
@%*
