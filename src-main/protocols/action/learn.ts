/**
 * An action skill's tools, learnt without running it: the actions agent.yaml lists, those its module
 * docstring documents, and those a reading of the script with Python's own parser finds (comparisons,
 * `match`, dispatch dicts, `supported_actions` lists), plus those its UNKNOWN_ACTION answer named when
 * the user chose "Discover by running". A script that does not dispatch on its action at all runs one
 * job whatever it is given: it is one tool, named after the skill. Notes say where each action came from.
 */
import type { JsonSchema, ToolInfo } from '../../contract';
import { astScan, type AstScan } from './ast-scan';
import { scanScript } from './scan';

export interface NamedAction {
  name: string;
  description?: string;
}

export interface LearnInput {
  /** The skill's name: the one tool of a script without dispatch. */
  name: string;
  entry: string;
  src: string;
  /** `actions:` of the skill in agent.yaml. */
  listed: NamedAction[];
  /** From the UNKNOWN_ACTION answer, once the user ran "Discover by running"; null before. */
  probed: NamedAction[] | null;
  python: string;
  /** The skill's own description (agent.yaml), for the one tool of a script without dispatch. */
  description?: string;
}

export interface Learnt {
  tools: ToolInfo[];
  notes: string[];
  /** First useful line of the module docstring. */
  description?: string;
  /** The script does not dispatch on "action": one tool, named after the skill. */
  noDispatch: boolean;
  /** True when running the script could tell more (it dispatches, and has not been run for it yet). */
  canDiscover: boolean;
}

interface Scanned {
  name: string;
  description?: string;
  params: Record<string, JsonSchema>;
}

export async function learnActions(input: LearnInput): Promise<Learnt> {
  const notes: string[] = [];
  const text = scanScript(input.src);
  const ast = (await astScan([input.entry], { python: input.python }))?.get(input.entry) ?? null;
  let scanned: Scanned[];
  let dispatch: boolean;
  let readsAction: boolean;
  let docActions: NamedAction[] = [];
  if (ast?.ok) {
    scanned = ast.actions;
    dispatch = ast.dispatch;
    readsAction = ast.readsAction;
    docActions = ast.docActions;
  } else {
    notes.push(whyText(ast));
    scanned = text.actions;
    dispatch = text.actions.length > 0;
    readsAction = text.mentionsAction;
  }

  const sources: [string, NamedAction[]][] = [
    ['listed in agent.yaml', input.listed],
    ["named by the script's UNKNOWN_ACTION answer (supported_actions), when it was run to discover them", input.probed ?? []],
    ["documented in the script's docstring", docActions],
    ["found by reading the script with Python's parser (nothing was run)", scanned],
  ];
  const names: string[] = [];
  for (const [where, list] of sources) {
    if (!list.length) continue;
    notes.push(`Actions ${where}: ${list.map((a) => a.name).join(', ')}.`);
    for (const a of list) if (!names.includes(a.name)) names.push(a.name);
  }
  if (input.probed && !input.probed.length) notes.push('Running the script with an unknown action named no supported_actions.');

  const noDispatch = !names.length && !dispatch && !readsAction;
  if (noDispatch) {
    notes.push(`The script does not dispatch on "action": it does one job whatever it is given, so it is shown as one tool, "${input.name}". Calling it runs that job.`);
    const tool: ToolInfo = { name: input.name, inputSchema: { type: 'object', additionalProperties: true, properties: {} } };
    const description = input.description ?? text.description;
    if (description) tool.description = description;
    return { tools: [tool], notes, description: text.description, noDispatch, canDiscover: false };
  }
  if (!names.length) notes.push('The script reads "action", but no action names were found by reading it: call any action by name, or use Discover by running.');

  const withParams = scanned.filter((a) => Object.keys(a.params).length);
  if (withParams.length) notes.push(`Parameter names for ${withParams.map((a) => a.name).join(', ')} come from reading their handlers; other parameters may be sent too.`);
  notes.push('Parameters are free-form: each call sends them inside "params" and also at the top level, where real scripts read them.');
  const canDiscover = input.probed === null;
  if (canDiscover) notes.push('Discover by running runs the script once with an unknown action to read its supported_actions. It runs the script for real, so the workbench asks first.');

  const describe = (name: string): string | undefined =>
    [input.listed, input.probed ?? [], docActions, scanned].map((l) => l.find((a) => a.name === name)?.description).find(Boolean);
  const tools = names.map((name): ToolInfo => {
    const s = scanned.find((a) => a.name === name);
    const tool: ToolInfo = { name, inputSchema: { type: 'object', additionalProperties: true, properties: { ...(s?.params ?? {}) } } };
    const description = describe(name);
    if (description) tool.description = description;
    return tool;
  });
  return { tools, notes, description: text.description, noDispatch: false, canDiscover };
}

function whyText(ast: AstScan | null): string {
  if (!ast) return 'Python could not be run to read the script, so it was read as text (nothing was run).';
  const err = (ast as Extract<AstScan, { ok: false }>).error;
  return `Python cannot parse the script (line ${err.line}: ${err.message}), so it was read as text; it will not run until that is fixed.`;
}
