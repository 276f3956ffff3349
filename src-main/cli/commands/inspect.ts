import { PROTOCOL_LABELS } from '../../contract';
import { parse } from '../args';
import { openSkill } from '../open-skill';
import { EXIT, json, type Io } from '../output';

export const help = 'inspect <path> [--skill NAME] [--json]   protocol, name, version, tools and their schemas';

export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(argv, {});
  const rt = openSkill(positionals[0], values);
  try {
    const info = await rt.start();
    if (values.json) {
      io.out(json(info));
      return EXIT.OK;
    }
    io.out(`${info.name}${info.version ? ` ${info.version}` : ''}  (${PROTOCOL_LABELS[info.protocol]})`);
    if (info.description) io.out(info.description);
    io.out(`Path: ${info.entry ?? info.dir}`);
    for (const n of info.notes) io.out(`Note: ${n}`);
    io.out('');
    io.out(info.tools.length ? `Tools (${info.tools.length}):` : 'No tools.');
    for (const t of info.tools) {
      io.out(`  ${t.name}${t.description ? ` — ${t.description}` : ''}`);
      io.out(indent(JSON.stringify(t.inputSchema, null, 2), 4));
    }
    return EXIT.OK;
  } finally {
    await rt.close();
  }
}

function indent(s: string, n: number): string {
  const pad = ' '.repeat(n);
  return s
    .split('\n')
    .map((l) => pad + l)
    .join('\n');
}
