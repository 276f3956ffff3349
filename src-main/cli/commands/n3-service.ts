/**
 * `skillbench n3-service <app>`: the workbench's own tool service for a namel3ss app (the service
 * runner's other side), on 127.0.0.1, with the app's interpreter. It prints the URL to bind tools to
 * and runs until Ctrl+C (or SIGTERM), which stops it and exits 0.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pythonResources } from '../../host/paths';
import { isNamel3ssApp } from '../../protocols/namel3ss';
import { choosePython } from '../../protocols/namel3ss';
import { PYTHON_IO, skillEnvironment } from '../../protocols/skill-env';
import { parse } from '../args';
import type { CommandContext } from '../context';
import { RUN_OPTIONS } from '../open-skill';
import { EXIT, json, UsageError, type Io } from '../output';
import { newToken } from '../../server/auth';

export const help = 'n3-service <app> [--port N] [--json] [--inherit-env]   start the bundled namel3ss tool service for an app (port 0 or none: a free one) and print its URL; Ctrl+C stops it';

export async function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, { port: { type: 'string' }, ...RUN_OPTIONS });
  const app = appFolder(ctx, positionals[0]);
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port takes a port number (0 picks a free one), not "${String(values.port)}"`);
  const python = choosePython(app).path;
  const child = spawn(python, [path.join(pythonResources(), 'namel3ss_service.py'), '--app', app, '--port', String(port)], {
    cwd: app,
    stdio: ['ignore', 'pipe', 'inherit'],
    // The app's tools run inside it: they get the safe defaults, or with --inherit-env this shell's whole environment.
    // Tools run only at an address holding this token, as `skillbench mcp --http` has one (the service takes it out of
    // its environment at once, so no tool inherits it).
    env: { ...(values['inherit-env'] ? { ...ctx.env, ...PYTHON_IO } : skillEnvironment({ source: ctx.env })), SKILLBENCH_N3_TOKEN: newToken() },
  });
  let stopping = false;
  const stop = () => {
    stopping = true;
    child.kill('SIGTERM');
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  let buffered = '';
  let announced = false;
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    if (announced) return;
    buffered += d;
    const m = /listening on (http:\/\/\S+)/.exec(buffered);
    if (!m) return;
    announced = true;
    const url = `${m[1]}/tools`;
    if (values.json) io.out(json({ url, app, python }));
    else {
      io.out(`namel3ss tool service for ${app}: ${url}`);
      io.out(`Bind tools to it in .namel3ss/tools.yaml (runner: "service", url: "${url}"), or set N3_TOOL_SERVICE_URL=${url}.`);
      io.out('Ctrl+C stops it.');
    }
  });
  const code = await new Promise<number | null>((resolve) => {
    child.on('error', (err) => {
      io.err(`skillbench: could not start ${python}: ${err.message}. Install Python 3, or set SKILLBENCH_PYTHON.`);
      resolve(EXIT.FAILURE);
    });
    child.on('exit', (c) => resolve(c));
  });
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  if (stopping) return EXIT.OK;
  if (!announced) io.err('skillbench: the tool service stopped before it listened (see its messages above).');
  return code === 0 ? EXIT.OK : EXIT.FAILURE;
}

function appFolder(ctx: CommandContext, target: string | undefined): string {
  if (!target) throw new UsageError('n3-service needs a namel3ss app folder (or one of its .ai files)');
  const abs = path.resolve(ctx.cwd, target);
  const stat = fs.statSync(abs, { throwIfNoEntry: false });
  if (!stat) throw new UsageError(`there is no folder or file at ${target}`);
  const dir = stat.isDirectory() ? abs : path.dirname(abs);
  if (!isNamel3ssApp(dir)) throw new UsageError(`${target} is not a namel3ss app: no .ai program with python tools and no .namel3ss/tools.yaml`);
  return dir;
}
