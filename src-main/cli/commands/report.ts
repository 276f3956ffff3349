import { writeFileAtomicSync } from '../../host/atomic-write';
import { renderReport } from '../../qa/report';
import { parse } from '../args';
import { resolvePath, type CommandContext } from '../context';
import { formatBytes } from '../../engine/rpc-process';
import { EXIT, UsageError, type Io } from '../output';

export const help = 'report <recording> [--format markdown|html] [--out FILE]   a readable QA report of a recording';

export async function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, { format: { type: 'string' }, out: { type: 'string' } });
  const [file] = positionals;
  if (!file) throw new UsageError('report needs a recording file');
  const format = (values.format ?? 'markdown') as string;
  if (format !== 'markdown' && format !== 'html') throw new UsageError(`--format takes markdown or html, not "${format}"`);
  const text = renderReport(resolvePath(ctx, file), format);
  if (values.out) {
    const out = resolvePath(ctx, values.out as string);
    writeFileAtomicSync(out, text);
    // stdout stays for the report itself (without --out); where it went is a note, with the path to open it by.
    io.err(`Wrote the ${format === 'html' ? 'HTML' : 'Markdown'} report to ${out} (${formatBytes(Buffer.byteLength(text))}).`);
  } else io.out(text);
  return EXIT.OK;
}
