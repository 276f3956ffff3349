import { ticksOf } from '../../runtime/tick-scheduler';
import { parse } from '../args';
import type { CommandContext } from '../context';
import { openSkill, RUN_OPTIONS } from '../open-skill';
import { EXIT, UsageError, type Io } from '../output';

export const help = 'tick <path> [--count N] [--inherit-env] [--host-parity]   load the skill and run N ticks in a row';

export async function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, { count: { type: 'string' }, ...RUN_OPTIONS });
  const count = values.count === undefined ? 1 : Number(values.count);
  if (!Number.isInteger(count) || count < 1) throw new UsageError(`--count takes a whole number of ticks, not "${String(values.count)}"`);
  const rt = openSkill(ctx, positionals[0], values);
  try {
    const info = await rt.start();
    if (!rt.adapter.tick) {
      io.err(`skillbench: ${info.name} has no ticks.`);
      return EXIT.FAILURE;
    }
    const ticks = ticksOf(rt, info.tickIntervalMs ?? 1000);
    let failed = 0;
    for (let i = 0; i < count; i++) {
      const since = rt.timelineEntries().at(-1)?.seq ?? 0;
      // The timeline keeps what the skill said; what is printed has its known secrets scrubbed.
      const entry = rt.redactor.value(await ticks.now());
      const fired = rt.redactor.value(rt.timelineEntries().filter((e) => e.seq > since && e.kind === 'trigger'));
      const data = entry.data as { events?: { label: string; data: unknown }[]; error?: string };
      io.out(`${entry.label} (${entry.durationMs} ms): ${entry.outcome}`);
      for (const e of data.events ?? []) io.out(`  event ${e.label} ${JSON.stringify(e.data)}`);
      for (const t of fired) io.out(`  trigger fired: ${t.label} ${JSON.stringify((t.data as { matchedData?: unknown })?.matchedData ?? {})}`);
      if (entry.outcome === 'error') failed++;
    }
    return failed ? EXIT.TOOL_ERROR : EXIT.OK;
  } finally {
    await rt.close();
  }
}
