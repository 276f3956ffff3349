/** A trigger's conditions in plain words, and the one-condition drafts the Triggers panel builds. */
import type { TriggerCondition, TriggerField } from '@contract';

const OPS: Record<string, string> = { gt: 'is more than', gte: 'is at least', lt: 'is less than', lte: 'is at most', eq: 'is', neq: 'is not' };
export const OPERATORS = Object.entries(OPS).map(([value, label]) => ({ value, label }));

/** "amount is more than 100", "symbol contains BTC or ETH", "customer matches /^A/", nested with and/or/not. */
export function conditionWords(c: TriggerCondition): string {
  switch (c.type) {
    case 'threshold':
      return `${c.field ?? '?'} ${OPS[c.operator ?? ''] ?? c.operator ?? '?'} ${c.value ?? '?'}`;
    case 'keyword': {
      const words = (c.keywords ?? []).map((k) => `"${k}"`);
      return `${c.field ?? '?'} contains ${words.join(c.match_mode === 'all' ? ' and ' : ' or ') || '?'}`;
    }
    case 'regex':
      return `${c.field ?? '?'} matches /${c.pattern ?? ''}/${c.flags ?? ''}`;
    case 'and':
    case 'or':
      return (c.conditions ?? []).map((x) => `(${conditionWords(x)})`).join(` ${c.type} `) || c.type;
    case 'not':
      return `not (${c.conditions?.[0] ? conditionWords(c.conditions[0]) : '?'})`;
    default:
      return c.type;
  }
}

/** What the form holds for one condition. */
export interface ConditionDraft {
  field: string;
  kind: 'threshold' | 'keyword' | 'regex';
  operator: string;
  value: string;
  keywords: string;
  pattern: string;
}

export function newDraft(fields: TriggerField[]): ConditionDraft {
  const first = fields[0];
  return { field: first?.name ?? '', kind: first?.type === 'number' || first?.type === 'integer' ? 'threshold' : 'keyword', operator: 'gt', value: '', keywords: '', pattern: '' };
}

/** The draft of a trigger's one leaf condition, to change it; null where its conditions are more than the form edits. */
export function draftOf(conditions: TriggerCondition[]): ConditionDraft | null {
  if (conditions.length !== 1) return null;
  const c = conditions[0];
  const base = { field: c.field ?? '', operator: 'gt', value: '', keywords: '', pattern: '' };
  if (c.type === 'threshold') return { ...base, kind: 'threshold', operator: c.operator ?? 'gt', value: String(c.value ?? '') };
  if (c.type === 'keyword') return { ...base, kind: 'keyword', keywords: (c.keywords ?? []).join(', ') };
  if (c.type === 'regex') return { ...base, kind: 'regex', pattern: c.pattern ?? '' };
  return null;
}

/** The condition a draft makes, or a plain-words reason it cannot make one yet. */
export function draftCondition(d: ConditionDraft): TriggerCondition | string {
  if (!d.field.trim()) return 'Choose the field the condition tests.';
  if (d.kind === 'threshold') {
    const n = Number(d.value);
    if (d.value.trim() === '' || !Number.isFinite(n)) return 'Type the number to compare with, such as 100.';
    return { type: 'threshold', field: d.field, operator: d.operator, value: n };
  }
  if (d.kind === 'keyword') {
    const keywords = d.keywords.split(',').map((k) => k.trim()).filter(Boolean);
    if (!keywords.length) return 'Type at least one word to look for (separate several with commas).';
    return { type: 'keyword', field: d.field, keywords, match_mode: 'any' };
  }
  if (!d.pattern) return 'Type the pattern to match.';
  return { type: 'regex', field: d.field, pattern: d.pattern };
}
