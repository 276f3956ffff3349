/**
 * Setup wizards, checked twice: statically, by reading the `SetupField(...)` calls in the skill's Python
 * (type and options, with file and line, without running anything), and live, on the first step the
 * skill sends for `setup/start` (every field as the wizard will render it). Later steps need answers, so
 * only the first is seen live.
 */
import type { SetupStep } from '../../contract';
import { Findings, lineAt, shown, type Where } from './findings';
import { isObject } from '../../common/values';
import { withText } from '../../runtime/skill-files';

const SETUP_TYPES = new Set(['text', 'number', 'password', 'select', 'multiselect', 'boolean']);

/** `SetupField(...)` calls in Python files: an unknown type, or a select with no options. */
export function checkSetupSource(files: { abs: string; rel: string }[], f: Findings): void {
  for (const [file, src] of withText(files)) {
    for (const m of src.matchAll(/\bSetupField\s*\(/g)) {
      const args = callText(src, m.index + m[0].length);
      const type = /\btype\s*=\s*["']([^"']*)["']/.exec(args)?.[1];
      const where = { file: file.rel, line: lineAt(src, m.index) };
      const name = /\bname\s*=\s*["']([^"']*)["']/.exec(args)?.[1];
      const what = name ? `Setup field "${name}"` : 'A setup field';
      if (type !== undefined && !SETUP_TYPES.has(type)) {
        f.error('SETUP_FIELD_TYPE', `${what} has type "${type}"; the wizard knows text, number, password, select, multiselect and boolean.`, 'Use one of those types.', where);
      } else if ((type === 'select' || type === 'multiselect') && !/\boptions\s*=/.test(args)) {
        f.error('SETUP_SELECT_OPTIONS', `${what} is a ${type} with no options to choose from.`, 'Add options=[{"label": "Euro", "value": "EUR"}, ...].', where);
      }
    }
  }
}

/** The text of a call's arguments, from just after "(" to its matching ")" (strings skipped). */
function callText(src: string, from: number): string {
  let depth = 1;
  for (let i = from; i < src.length && i < from + 5000; i++) {
    const c = src[i];
    if (c === '"' || c === "'") {
      const q = c;
      for (i++; i < src.length && src[i] !== q && src[i] !== '\n'; i++) if (src[i] === '\\') i++;
    } else if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (--depth === 0) return src.slice(from, i);
    }
  }
  return src.slice(from, from + 5000);
}

/** The first setup step, as the skill sent it: field types, names, labels, select options, defaults. */
export function checkSetupStep(step: SetupStep, f: Findings, where: Where = {}): void {
  const label = `Setup step "${step?.id ?? '?'}"`;
  if (!step || typeof step.id !== 'string' || !step.id) f.error('SETUP_STEP', 'The first setup step has no id.', 'Give every SetupStep an id: setup/submit names the step by it.', where);
  if (!step?.title) f.warning('SETUP_STEP', `${label} has no title.`, 'Give it a title: it heads the wizard page.', where);
  const fields = Array.isArray(step?.fields) ? step.fields : [];
  if (!fields.length) f.warning('SETUP_STEP', `${label} has no fields.`, 'A step asks for at least one value; or finish setup without this step.', where);
  const names = new Set<string>();
  for (const field of fields) {
    const name = typeof field?.name === 'string' && field.name ? field.name : undefined;
    const at: Where = name ? { ...where, field: `setup field ${name}` } : where;
    const what = name ? `Field "${name}" of ${label.toLowerCase()}` : `A field of ${label.toLowerCase()}`;
    if (!name) f.error('SETUP_FIELD', `${what} has no name.`, 'Name every field: its value is sent under that name.', at);
    else if (names.has(name)) f.error('SETUP_FIELD', `${label} has two fields named "${name}"; one value overwrites the other.`, 'Give each field its own name.', at);
    if (name) names.add(name);
    if (!SETUP_TYPES.has(field?.type)) {
      f.error('SETUP_FIELD_TYPE', `${what} has type ${shown(field?.type)}; the wizard knows text, number, password, select, multiselect and boolean.`, 'Use one of those types.', at);
    }
    if (!field?.label) f.warning('SETUP_FIELD', `${what} has no label.`, 'Add a label: it is what the user reads next to the input.', at);
    const select = field?.type === 'select' || field?.type === 'multiselect';
    const options = Array.isArray(field?.options) ? field.options : [];
    if (select && !options.length) {
      f.error('SETUP_SELECT_OPTIONS', `${what} is a ${field.type} with no options to choose from.`, 'Give it options: [{"label": "Euro", "value": "EUR"}, ...].', at);
    }
    if (select && options.some((o) => !isObject(o) || typeof o.value !== 'string' || typeof o.label !== 'string')) {
      f.error('SETUP_SELECT_OPTIONS', `${what} has options that are not {label, value} pairs of text.`, 'Write each option as {"label": "Euro", "value": "EUR"}.', at);
    }
    const d = field?.default;
    if (d === undefined || d === null) continue;
    if (field.type === 'password') {
      f.warning('SETUP_PASSWORD_DEFAULT', `${what} is a password with a default value, which puts a secret in the skill's code.`, 'Remove the default: ask the user for the secret.', at);
    } else if (field.type === 'number' && typeof d !== 'number') {
      f.warning('SETUP_DEFAULT', `${what} is a number, but its default is ${shown(d)}.`, 'Make the default a number.', at);
    } else if (field.type === 'boolean' && typeof d !== 'boolean') {
      f.warning('SETUP_DEFAULT', `${what} is a boolean, but its default is ${shown(d)}.`, 'Make the default true or false.', at);
    } else if (select && options.length) {
      const values = new Set<unknown>(options.map((o) => o?.value));
      const given: unknown[] = field.type === 'multiselect' && Array.isArray(d) ? d : [d];
      const stray = given.filter((v) => !values.has(v));
      if (stray.length) f.warning('SETUP_DEFAULT', `${what} defaults to ${stray.map(shown).join(', ')}, which is not one of its options.`, 'Make the default one of the option values.', at);
    }
  }
}
