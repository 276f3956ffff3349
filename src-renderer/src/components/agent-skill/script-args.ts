/**
 * A script call's arguments as the Scripts tab edits them: the command-line arguments as a list, and text for
 * its stdin. A call made elsewhere (the command line, a saved request) may have sent a bare list: read it too.
 */
export interface ScriptDraft {
  args: string[];
  stdin: string;
}

export function readScriptDraft(value: unknown): ScriptDraft {
  if (Array.isArray(value)) return { args: value.map(argText), stdin: '' };
  if (value && typeof value === 'object') {
    const v = value as { args?: unknown; stdin?: unknown };
    return { args: Array.isArray(v.args) ? v.args.map(argText) : [], stdin: typeof v.stdin === 'string' ? v.stdin : '' };
  }
  return { args: [], stdin: '' };
}

/** What the call sends: the arguments, and stdin only where there is some. */
export function scriptCallArgs(d: ScriptDraft): { args: string[]; stdin?: string } {
  return d.stdin ? { args: d.args, stdin: d.stdin } : { args: d.args };
}

function argText(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** An argument as a POSIX shell would need it written, to show a run as its command line. */
export function shellWord(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`;
}
