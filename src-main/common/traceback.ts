/**
 * Python tracebacks in a skill's stderr, read so the author's own line comes first: the exception, the
 * frames in the skill's folder, and the frames of the SDK, the runner and Python counted and folded.
 * Chained exceptions ("During handling of the above exception…", "The above exception was the direct
 * cause…") stay together as one traceback. A tail that starts inside a traceback (its first lines were
 * not kept) is read from its first frame. Everything else is text, in order. Pure: imports nothing.
 */

/** Whose code a frame is in: the skill's folder, the workbench's SDK and runners, Python itself, or an installed library. */
export type FrameOwner = 'skill' | 'sdk' | 'python' | 'library';

export interface Frame {
  file: string;
  line: number;
  /** The function; absent for a syntax error's place. */
  func?: string;
  /** The source line and its markers (`^^^^`), without the indentation Python gives them. */
  code: string[];
  owner: FrameOwner;
}

export interface RaisedException {
  /** Oldest call first, as Python prints them. */
  frames: Frame[];
  /** `ValueError: could not convert…`, and any lines of its message below. */
  exception: string[];
  /** How the exception printed before this one led to it. */
  after?: 'cause' | 'context';
  /** The tail began inside this traceback: its first lines were not kept. */
  cut?: boolean;
}

/** `lines`: the piece's lines as they came. */
export type StderrPiece = { kind: 'text'; lines: string[] } | { kind: 'traceback'; chain: RaisedException[]; lines: string[] };

const HEADER = /^Traceback \(most recent call last\):\s*$/;
const FRAME = /^ {2}File "(.+)", line (\d+)(?:, in (.+))?\s*$/;
const REPEATED = /^ {2}\[Previous line repeated \d+ more times?\]\s*$/;
const CAUSE = /^The above exception was the direct cause of the following exception:\s*$/;
const CONTEXT = /^During handling of the above exception, another exception occurred:\s*$/;
/** At most this many lines of an exception's message: lines after that are the skill's later output. */
const MESSAGE_LINES = 10;
/**
 * A line that starts a new record rather than going on with a message (a message may run over lines, as
 * pydantic's do): the runner's `skillbench:` lines, a `[tag]`, a time stamp, a log level.
 */
const NEW_RECORD = /^(skillbench:|\[[^\]]*\]|\d{4}-\d\d-\d\d[ T]\d|\d\d:\d\d:\d\d|(DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL)\b)/;

function ownerOf(file: string, skillDir: string | undefined): FrameOwner {
  const f = file.replace(/\\/g, '/');
  if (/^<.*>$/.test(f)) return 'python'; // <frozen runpy>, <string>
  if (/\/(site|dist)-packages\//.test(f)) return 'library';
  if (skillDir) {
    const dir = skillDir.replace(/\\/g, '/').replace(/\/+$/, '');
    if (f.startsWith(`${dir}/`)) return /\/\.?venv\//.test(f.slice(dir.length)) ? 'library' : 'skill';
    // A relative name is relative to where the skill runs: its own folder.
    if (!f.startsWith('/') && !/^[A-Za-z]:\//.test(f)) return 'skill';
  }
  if (/\/lib\/python\d+(\.\d+)?\//i.test(f)) return 'python';
  return 'sdk';
}

/** Splits stderr lines into tracebacks and the text around them. `skillDir` tells the skill's own frames. */
export function parseStderr(lines: string[], skillDir?: string): StderrPiece[] {
  const out: StderrPiece[] = [];
  let text: string[] = [];
  const flushText = () => {
    if (text.length) out.push({ kind: 'text', lines: text });
    text = [];
  };
  let i = 0;

  /** One traceback from `i` (at its header or, when cut, its first frame); returns it, with `i` past it. */
  const readOne = (after?: 'cause' | 'context'): RaisedException => {
    const cut = !HEADER.test(lines[i]);
    if (!cut) i++;
    const frames: Frame[] = [];
    while (i < lines.length && (FRAME.test(lines[i]) || (frames.length > 0 && REPEATED.test(lines[i])))) {
      if (REPEATED.test(lines[i])) {
        frames.at(-1)!.code.push(lines[i++].trim());
        continue;
      }
      const m = FRAME.exec(lines[i])!;
      i++;
      const code: string[] = [];
      while (i < lines.length && /^ {4}/.test(lines[i])) code.push(lines[i++].slice(4));
      frames.push({ file: m[1], line: Number(m[2]), ...(m[3] ? { func: m[3] } : {}), code, owner: ownerOf(m[1], skillDir) });
    }
    const exception: string[] = [];
    const goesOn = (l: string) => l.trim() !== '' && !HEADER.test(l) && !CAUSE.test(l) && !CONTEXT.test(l) && !FRAME.test(l) && (exception.length === 0 || !NEW_RECORD.test(l));
    while (i < lines.length && exception.length < MESSAGE_LINES && goesOn(lines[i])) exception.push(lines[i++]);
    return { frames, exception, ...(after ? { after } : {}), ...(cut ? { cut } : {}) };
  };

  while (i < lines.length) {
    const line = lines[i];
    const startsCut = out.length === 0 && FRAME.test(line) && text.every((l) => /^\s/.test(l) || l.trim() === '');
    if (!HEADER.test(line) && !startsCut) {
      text.push(line);
      i++;
      continue;
    }
    // A tail cut inside a frame starts with that frame's code lines: they belong to no frame we can name.
    if (startsCut) text = [];
    flushText();
    const from = i;
    const chain = [readOne()];
    for (;;) {
      let j = i;
      while (j < lines.length && lines[j].trim() === '') j++;
      const link = j < lines.length ? (CAUSE.test(lines[j]) ? 'cause' : CONTEXT.test(lines[j]) ? 'context' : null) : null;
      if (!link) break;
      j++;
      while (j < lines.length && lines[j].trim() === '') j++;
      if (j >= lines.length || !HEADER.test(lines[j])) break;
      i = j;
      chain.push(readOne(link));
    }
    out.push({ kind: 'traceback', chain, lines: lines.slice(from, i) });
  }
  flushText();
  return out;
}

/** Frames innermost first, with each run of frames not the skill's own as one fold. */
export type FrameRow = { kind: 'frame'; frame: Frame } | { kind: 'fold'; frames: Frame[] };

export function frameRows(frames: Frame[]): FrameRow[] {
  const rows: FrameRow[] = [];
  for (const f of [...frames].reverse()) {
    const last = rows.at(-1);
    if (f.owner === 'skill') rows.push({ kind: 'frame', frame: f });
    else if (last?.kind === 'fold') last.frames.push(f);
    else rows.push({ kind: 'fold', frames: [f] });
  }
  return rows;
}

const PLACES: Record<Exclude<FrameOwner, 'skill'>, string> = { sdk: 'the SDK', python: 'Python', library: 'libraries' };

/** "6 frames in the SDK", "7 frames in the SDK and Python". */
export function foldLabel(frames: Frame[]): string {
  const places = [...new Set(frames.map((f) => f.owner))].filter((o): o is Exclude<FrameOwner, 'skill'> => o !== 'skill').map((o) => PLACES[o]);
  const where = places.length > 1 ? `${places.slice(0, -1).join(', ')} and ${places.at(-1)}` : (places[0] ?? 'the skill');
  return `${frames.length} frame${frames.length === 1 ? '' : 's'} in ${where}`;
}

/** A frame's file as the author knows it: relative to the skill's folder where it is inside. */
export function shortFile(file: string, skillDir?: string): string {
  const f = file.replace(/\\/g, '/');
  const dir = skillDir?.replace(/\\/g, '/').replace(/\/+$/, '');
  if (dir && f.startsWith(`${dir}/`)) return f.slice(dir.length + 1);
  const parts = f.split('/');
  return parts.length > 2 ? `…/${parts.slice(-2).join('/')}` : f;
}

/** The last traceback in these lines, put in one phrase: its exception, and the innermost frame in the skill's own code. */
export interface FailureSite {
  /** `AttributeError: 'OtterState' object has no attribute 'model_copy'` (the first line of its message). */
  exception: string;
  /** The skill's own innermost frame, where the traceback has one. */
  frame?: Frame;
}

export function failureSite(lines: string[], skillDir?: string): FailureSite | null {
  const last = parseStderr(lines, skillDir).findLast((p) => p.kind === 'traceback');
  if (last?.kind !== 'traceback') return null;
  const raised = last.chain.at(-1);
  if (!raised?.exception.length) return null;
  const frame = raised.frames.findLast((f) => f.owner === 'skill') ?? last.chain.flatMap((e) => e.frames).findLast((f) => f.owner === 'skill');
  return { exception: raised.exception[0].trim(), ...(frame ? { frame } : {}) };
}
