/**
 * `skillbench chat`'s tool approval (agent/tool-approval.ts): on a terminal, a tool call that needs the user's word
 * is asked about there, with what the chat's approval strip shows (the tool and its skill, the arguments as JSON,
 * the first-run warning of a script, and the tool result the model had just been given). Without a terminal
 * nobody can be asked: such a call is refused and the model told why, unless `--allow-tools` lets it run. A tool
 * the user set to never run is refused either way.
 */
import type { ApprovalAnswer, ToolApprovalRequest } from '../contract';
import { PolicyApproval, type ToolApproval } from '../agent/tool-approval';
import { Prompter } from './prompt';
import { visibleControls } from './terminal-text';

const ANSWERS: Record<string, ApprovalAnswer> = { y: 'once', yes: 'once', c: 'chat', a: 'always', n: 'deny', no: 'deny', v: 'never', never: 'never' };

export const NOT_ASKED =
  'The tool was not run: it needs the user\'s approval, and skillbench chat had no terminal to ask on. (The user can run it again on a terminal, or with --allow-tools.)';

export interface ChatApprovalOptions {
  home: string;
  stdin: NodeJS.ReadableStream;
  /** Where the question goes (stderr). */
  out: NodeJS.WritableStream;
  /** `--allow-tools`: what would be asked runs. */
  allowTools: boolean;
}

/** The command's approval, and what to close when the turn ended. */
export function chatApproval(o: ChatApprovalOptions): { approval: ToolApproval; close(): void } {
  if (o.allowTools) return { approval: new PolicyApproval({ home: o.home, allowAsked: true }), close: () => undefined };
  if (!(o.stdin as { isTTY?: boolean }).isTTY) return { approval: new PolicyApproval({ home: o.home, cannotAsk: NOT_ASKED }), close: () => undefined };
  let prompter: Prompter | undefined;
  const ask = async (r: ToolApprovalRequest): Promise<ApprovalAnswer> => {
    prompter ??= new Prompter(o.stdin, o.out);
    o.out.write(questionText(r));
    for (;;) {
      const line = await prompter.ask('Run it? [y] once, [c] for this chat, [a] always, [n] no, [v] never: ');
      if (line === null) return 'deny';
      const answer = ANSWERS[line.trim().toLowerCase()];
      if (answer) return answer;
    }
  };
  return { approval: new PolicyApproval({ home: o.home, allowedInChat: new Set(), ask, onProblem: (p) => o.out.write(`skillbench: ${p}\n`) }), close: () => prompter?.close() };
}

const shown = (v: unknown, max = 2000) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v, null, 2) ?? '';
  return visibleControls(s.length > max ? `${s.slice(0, max)}…` : s);
};

/** What the terminal shows before the question: a skill's words with their control characters made visible. */
export function questionText(r: ToolApprovalRequest): string {
  const lines = [`\nThe model asks to run ${visibleControls(r.skillTool)} of ${visibleControls(r.skillName)} (asked because ${r.reason}).`];
  if (r.after) lines.push(`  It asked right after this ${r.after.ok ? 'result' : 'error'} of ${visibleControls(r.after.tool)}:`, indent(shown(r.after.result)));
  lines.push('  Arguments:', indent(shown(r.arguments)));
  if (r.warning) lines.push(`  ! ${visibleControls(r.warning)}`);
  return `${lines.join('\n')}\n`;
}

const indent = (s: string) => s.split('\n').map((l) => `    ${l}`).join('\n');
