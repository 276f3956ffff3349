/**
 * `skillbench ci init --shards N`: writes the GitHub Actions workflow of ci-workflow.ts into a repository,
 * with a step for each of its recordings and collections folders that exists. It never overwrites a workflow
 * without --force (someone may have edited it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomicSync } from '../../host/atomic-write';
import { MAX_SHARDS } from '../../qa/shard';
import { parse } from '../args';
import { resolvePath, type CommandContext } from '../context';
import { EXIT, json, UsageError, type Io } from '../output';
import { WORKFLOW_FILE, workflowYaml } from '../ci-workflow';

export const help =
  'ci init --shards N [--dir DIR] [--recordings PATH] [--collections PATH] [--force]   write a GitHub Actions workflow that replays and runs in N shards and merges one report';

const DEFAULTS = { recordings: 'qa/recordings', collections: 'qa/collections' };

export async function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, {
    shards: { type: 'string' },
    dir: { type: 'string' },
    recordings: { type: 'string' },
    collections: { type: 'string' },
    force: { type: 'boolean' },
  });
  if (positionals[0] !== 'init' || positionals.length > 1) throw new UsageError('ci has one subcommand: ci init --shards N');
  const shards = Number(values.shards);
  if (!Number.isInteger(shards) || shards < 1 || shards > MAX_SHARDS) throw new UsageError(`--shards takes a whole number from 1 to ${MAX_SHARDS}, not "${(values.shards as string | undefined) ?? ''}"`);
  const root = resolvePath(ctx, (values.dir as string | undefined) ?? '.');
  if (!fs.statSync(root, { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`--dir: there is no folder at ${root}`);

  // Each folder: as given (then it must exist), or the default where the repository has it.
  const folder = (kind: keyof typeof DEFAULTS): string | undefined => {
    const given = values[kind] as string | undefined;
    const rel = (given ?? DEFAULTS[kind]).split(path.sep).join('/');
    if (fs.existsSync(path.join(root, rel))) return rel;
    if (given !== undefined) throw new UsageError(`--${kind}: there is no ${rel} in ${root}`);
    return undefined;
  };
  const recordings = folder('recordings');
  const collections = folder('collections');
  if (!recordings && !collections) {
    throw new UsageError(`${root} has neither ${DEFAULTS.recordings} nor ${DEFAULTS.collections}: say where the recordings and collections are with --recordings PATH and --collections PATH`);
  }
  const file = path.join(root, WORKFLOW_FILE);
  if (fs.existsSync(file) && !values.force) {
    io.err(`skillbench: ${file} exists already; --force replaces it.`);
    return EXIT.FAILURE;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  writeFileAtomicSync(file, workflowYaml({ shards, recordings, collections }));
  if (values.json) io.out(json({ file, shards, recordings: recordings ?? null, collections: collections ?? null }));
  else io.out(`Wrote ${file}: ${shards} shard${shards === 1 ? '' : 's'}${recordings ? `, replaying ${recordings}` : ''}${collections ? `, running ${collections}` : ''}, one merged report.`);
  if (!listsWorkbench(root)) {
    io.err(`skillbench: the workflow runs skillbench from this repository's devDependencies, and ${path.join(root, 'package.json')} does not list the skill-workbench package. Add it (npm install --save-dev <the workbench's folder, tarball or git URL>), or each shard stops at "npx skillbench".`);
  }
  return EXIT.OK;
}

/** Whether the repository's package.json brings the workbench (the package that provides `skillbench`). */
function listsWorkbench(root: string): boolean {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, Record<string, unknown> | undefined>;
    return ['dependencies', 'devDependencies'].some((k) => pkg[k] && 'skill-workbench' in pkg[k]);
  } catch {
    return false;
  }
}
