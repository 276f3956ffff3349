/**
 * A skill's descendants, wherever they went: a grandchild started in a new session (`setsid`) leaves the
 * skill's process group, so a group signal misses it. On Linux we follow the parent links in
 * /proc/<pid>/stat from the skill's pid, and remember every descendant seen, because one whose parent
 * exits is re-parented to pid 1 (or a subreaper) and can no longer be found from the skill.
 *
 * The kernel helps where it can: on Linux every skill process starts through a launcher that makes it a
 * subreaper (host/reap.ts, PR_SET_CHILD_SUBREAPER), so a daemon that double-forks is re-parented to the skill
 * and stays findable here however soon its parent exits. The workbench itself is never made the reaper of
 * every orphan. Without the launcher (no Python to run it, SKILLBENCH_REAPER=off), a descendant re-parented
 * before a sample saw it is lost. Sampling /proc is plain file reads, done every few seconds while the skill
 * runs and once more right before each signal. Where /proc does not exist (macOS), only the process group is
 * signalled, as before.
 *
 * A remembered pid is signalled only while its start time is the one we saw, so a pid the system has
 * since given to another process is never touched.
 */
import fs from 'node:fs';

export const canWalkProcesses = process.platform === 'linux' && fs.existsSync('/proc/self/stat');

interface ProcStat {
  ppid: number;
  /** Clock ticks since boot when it started: with the pid, names one process for good. */
  start: string;
  zombie: boolean;
}

function readStat(pid: number): ProcStat | null {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name is in parentheses and may hold spaces or parentheses itself: split after the last one.
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(rest[1]), start: rest[19], zombie: rest[0] === 'Z' || rest[0] === 'X' };
}

function allProcesses(): Map<number, ProcStat> {
  const out = new Map<number, ProcStat>();
  let names: string[];
  try {
    names = fs.readdirSync('/proc');
  } catch {
    return out;
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(Number(name));
    if (stat) out.set(Number(name), stat);
  }
  return out;
}

export class ProcessTree {
  /** Every descendant seen so far, by pid, with its start time. */
  private readonly known = new Map<number, string>();
  private timer: NodeJS.Timeout | null = null;
  /** Once the root has exited its pid may be given to another process: walk only from what we know. */
  private rootGone = false;

  constructor(readonly root: number) {}

  markRootGone(): void {
    this.rootGone = true;
  }

  /** Samples every `intervalMs` until `stopWatching`; the timer never keeps the process alive. */
  watch(intervalMs: number): void {
    this.timer ??= setInterval(() => this.sample(), intervalMs);
    this.timer.unref?.();
  }

  stopWatching(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Adds every process now below the root, or below a descendant seen before, to what is remembered. */
  sample(): void {
    const procs = allProcesses();
    const children = new Map<number, number[]>();
    for (const [pid, s] of procs) {
      const list = children.get(s.ppid);
      if (list) list.push(pid);
      else children.set(s.ppid, [pid]);
    }
    const queue = [...(this.rootGone ? [] : [this.root]), ...[...this.known].filter(([pid, start]) => procs.get(pid)?.start === start).map(([pid]) => pid)];
    const seen = new Set<number>([this.root, ...queue]);
    while (queue.length) {
      for (const child of children.get(queue.pop()!) ?? []) {
        if (seen.has(child)) continue;
        seen.add(child);
        this.known.set(child, procs.get(child)!.start);
        queue.push(child);
      }
    }
  }

  /** Remembered descendants still running (the same processes; a zombie counts as gone). */
  alive(): number[] {
    const out: number[] = [];
    for (const [pid, start] of this.known) {
      const s = readStat(pid);
      if (s && s.start === start && !s.zombie) out.push(pid);
      else this.known.delete(pid);
    }
    return out;
  }

  signal(sig: NodeJS.Signals): void {
    for (const pid of this.alive()) {
      try {
        process.kill(pid, sig);
      } catch {
        // Gone meanwhile, or not ours to signal: told as a survivor if it stays.
      }
    }
  }
}
