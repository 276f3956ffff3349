/**
 * Tells the user, in plain words, when a skill's own files cannot be written (a full disk, a used-up quota,
 * a disk gone read-only): once when it starts, and once more when writing resumes. The files carry on by
 * themselves (a FileSink drops what the disk refuses and notes the gap when it can write again); this only
 * says so, to whoever the runtime gives it (a line in the skill's log and an event for the app).
 *
 * An episode starts when the first file is refused and ends when every file that resumes by itself has
 * resumed. A full disk refuses a skill's files within a few writes of each other, so the first telling
 * waits a moment to name them together, unless a call's answer is about to say it was not kept (`tellNow`:
 * the window hears of the disk first); a file refused after the telling is told again with the others. A
 * recording does not resume (it stops, keeping what it has, and says so itself): it is named when it fails
 * during an episode, and alone it starts none.
 */
import type { SkillRef, WorkbenchEvents } from '../contract';
import type { DiskHooks } from '../engine/file-sink';

export type SkillFile = 'log' | 'message history' | 'timeline' | 'call history' | 'recording';

/** Where the news goes: the sentence into the skill's log, and the event to the app. */
export interface DiskNewsTo {
  log(line: string): void;
  emit(news: WorkbenchEvents['diskTrouble']): void;
}

/** How long the first telling waits to gather the files a full disk refuses together. */
const GATHER_MS = 150;

export class DiskTrouble {
  /** The files refused now, each with whether it resumes by itself. */
  private readonly down = new Map<SkillFile, boolean>();
  private words: string | null = null;
  /** The first refusal's error code: what the advice depends on (the problem is its words). */
  private code: string | undefined;
  private toldFiles: SkillFile[] | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly skill: Pick<SkillRef, 'id' | 'name'>,
    private readonly to: DiskNewsTo,
  ) {}

  /** The hooks one file's sink reports through. */
  hooks(file: SkillFile): DiskHooks {
    return { onRefused: (err) => this.refused(file, err), onResumed: () => this.resumed(file) };
  }

  refused(file: SkillFile, err: Error, resumes = true): void {
    if (this.closed) return;
    this.down.set(file, resumes);
    if (this.words === null) {
      this.words = problemWords(err);
      this.code = (err as NodeJS.ErrnoException).code;
    }
    if (this.toldFiles) {
      // A file refused since the telling: told again, naming them all (what is at stake may have changed).
      if (!this.toldFiles.includes(file)) {
        this.toldFiles.push(file);
        this.tellRefused(this.toldFiles);
      }
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => this.announce(), GATHER_MS);
    this.timer.unref();
  }

  resumed(file: SkillFile): void {
    this.down.delete(file);
    if ([...this.down.values()].some((resumes) => resumes)) return;
    const told = this.toldFiles;
    this.reset();
    if (!told || this.closed) return;
    const again = told.filter((f) => f !== 'recording');
    this.tell([], null, `Skill Workbench can write ${this.skill.name}'s ${listOf(again)} again. What it could not write is noted as a gap.`);
  }

  /** Why files are refused now, in a user's words (null while none is). */
  get problem(): string | null {
    return this.words;
  }

  /** Tells now what would be told after the gathering moment (a call's answer is about to say it was not kept). */
  tellNow(): void {
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.announce();
  }

  /** The runtime is closing: its sinks' last words are nobody's news. */
  close(): void {
    this.closed = true;
    this.reset();
  }

  private announce(): void {
    this.timer = null;
    const files = [...this.down.keys()];
    // A recording alone says so itself, and nothing here would ever tell of a resume.
    if (this.closed || !files.some((f) => this.down.get(f))) return this.reset();
    this.toldFiles = files;
    this.tellRefused(files);
  }

  private tellRefused(files: SkillFile[]): void {
    const problem = this.words ?? 'Writing failed';
    const calls = files.includes('call history')
      ? 'Its calls still run, but each answers NOT_KEPT (its result is in the answer, not in the history) until there is room again.'
      : 'Its calls still work.';
    const after = this.code === 'ENOSPC' ? 'Free some space and it carries on' : 'Once it can write again it carries on';
    this.tell([...files], problem, `${problem}: ${this.skill.name}'s ${listOf(files)} ${files.length === 1 ? 'is' : 'are'} not being kept. ${calls} ${after}, noting the gap.`);
  }

  private tell(files: SkillFile[], problem: string | null, message: string): void {
    this.to.log(message);
    this.to.emit({ skillId: this.skill.id, files, problem, message });
  }

  private reset(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.down.clear();
    this.words = null;
    this.code = undefined;
    this.toldFiles = null;
  }
}

/** Why a write failed, in words a user acts on. */
export function problemWords(err: Error): string {
  switch ((err as NodeJS.ErrnoException).code) {
    case 'ENOSPC':
      return 'The disk is full';
    case 'EDQUOT':
      return 'The disk quota is used up';
    case 'EROFS':
      return 'The disk is read-only';
    case 'EACCES':
    case 'EPERM':
      return 'Writing there is not allowed';
    default:
      return `Writing failed (${err.message})`;
  }
}

/** "a", "a and b", "a, b and c". */
export function listOf(files: string[]): string {
  if (files.length <= 1) return files[0] ?? 'files';
  return `${files.slice(0, -1).join(', ')} and ${files[files.length - 1]}`;
}
