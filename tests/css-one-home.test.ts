/**
 * Every class is styled from one file. A global stylesheet (styles/*.css) defines the classes its rules style; a
 * CSS module (*.module.css beside its component) defines its own classes, which the build renames, so they cannot
 * clash, and a class it names through :global(...) only when nothing of its own scopes the rule
 * (`.toolbar :global(.btn)` styles every .btn under the module's toolbar: that is the module's; `:global(.btn)`
 * alone restyles the app's buttons: that is a second home for .btn). "Styles" means the element the selector picks,
 * its last compound: `.a .b` styles .b. Dialogs take their width from Dialog's size prop, not from what they hold.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers';

const RENDERER = path.join(ROOT, 'src-renderer', 'src');

/** The selector lists of a stylesheet's rules (not @-rule preludes, not keyframe steps). */
export function selectorLists(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const lists: string[] = [];
  for (const m of text.matchAll(/([^{};]+)\{/g)) {
    const prelude = m[1].trim();
    if (!prelude || prelude.startsWith('@') || /^(from|to|[\d.]+%)(\s*,\s*(from|to|[\d.]+%))*$/.test(prelude)) continue;
    lists.push(prelude);
  }
  return lists;
}

/** Splits on the commas outside parentheses. */
function splitList(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '(') depth++;
    else if (list[i] === ')') depth--;
    else if (list[i] === ',' && depth === 0) {
      out.push(list.slice(start, i));
      start = i + 1;
    }
  }
  out.push(list.slice(start));
  return out.map((s) => s.trim()).filter(Boolean);
}

/** The global classes a selector styles: in a module, those named through :global(...) in a rule none of its own classes scope. */
export function globalClassesStyled(selector: string, isModule: boolean): string[] {
  // :global(.x) becomes %x, a global class; what :has(), :not(), :is() and :where() look at is not what the rule styles.
  const marked = selector.replace(/:global\(([^()]*)\)/g, (_m, inner: string) => inner.replace(/\./g, '%'));
  const subject = marked
    .replace(/:(has|not|is|where)\((?:[^()]|\([^()]*\))*\)/g, '')
    .trim()
    .split(/\s*[\s>+~]\s*/)
    .pop()!;
  const globals = [...subject.matchAll(/%(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]);
  const locals = [...subject.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]);
  if (!isModule) return locals;
  // Anything of the module's own in the selector scopes the rule to the module's elements.
  return /\.[_a-zA-Z-]/.test(marked) ? [] : globals;
}

/** Class name -> the files that style it, for the classes styled from more than one file. */
export function classesWithTwoHomes(files: { name: string; css: string }[]): Map<string, string[]> {
  const homes = new Map<string, Set<string>>();
  for (const { name, css } of files) {
    const isModule = name.endsWith('.module.css');
    for (const list of selectorLists(css)) {
      for (const selector of splitList(list)) {
        for (const c of globalClassesStyled(selector, isModule)) {
          if (!homes.has(c)) homes.set(c, new Set());
          homes.get(c)!.add(name);
        }
      }
    }
  }
  return new Map([...homes].filter(([, f]) => f.size > 1).map(([c, f]) => [c, [...f].sort()]));
}

function rendererStylesheets(): { name: string; css: string }[] {
  return fs
    .readdirSync(RENDERER, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.css'))
    .map((f) => ({ name: f.split(path.sep).join('/'), css: fs.readFileSync(path.join(RENDERER, f), 'utf8') }));
}

describe('one home for each class', () => {
  it('finds a class styled from two files, and not one a module scopes under its own class', () => {
    const twice = classesWithTwoHomes([
      { name: 'styles/controls.css', css: '.btn { color: red; }\n@media (width < 9px) { .input { color: red; } }' },
      { name: 'a/a.module.css', css: '/* .btn */ .toolbar :global(.btn) { margin: 0; }\n:global(.input) { color: blue; }' },
      { name: 'b/b.module.css', css: '.list :global(.row), .row:has(:global(.btn)) { gap: 0; }\n.btn { color: blue; }' },
      { name: 'styles/shared.css', css: '.pill, .panel .btn { padding: 0; }\n@keyframes x { from { opacity: 0; } }' },
    ]);
    expect(Object.fromEntries(twice)).toEqual({
      btn: ['styles/controls.css', 'styles/shared.css'],
      input: ['a/a.module.css', 'styles/controls.css'],
    });
  });

  it('holds for the app: every class is styled from exactly one stylesheet', () => {
    const files = rendererStylesheets();
    expect(files.length).toBeGreaterThan(10);
    expect(Object.fromEntries(classesWithTwoHomes(files))).toEqual({});
  });

  it('keeps the design tokens in one global file and component styles in modules beside their components', () => {
    const globals = rendererStylesheets().filter((f) => !f.name.endsWith('.module.css')).map((f) => f.name).sort();
    expect(globals).toEqual(['styles/base.css', 'styles/controls.css', 'styles/shared.css', 'styles/tokens.css']);
    const setIn = (css: string) => [...css.matchAll(/^\s*(--[\w-]+)\s*:/gm)].map((m) => m[1]);
    const tokens = new Set(setIn(rendererStylesheets().find((f) => f.name === 'styles/tokens.css')!.css));
    expect(tokens).toContain('--accent');
    // A module may keep a custom property of its own (a width it reads twice), never set a design token.
    for (const f of rendererStylesheets()) {
      if (f.name !== 'styles/tokens.css') expect(setIn(f.css).filter((t) => tokens.has(t)), `${f.name} sets design tokens`).toEqual([]);
    }
  });

  it('sizes no dialog by looking inside it', () => {
    const offenders = rendererStylesheets().filter((f) => /dialog[\w-]*:has\(/i.test(f.css)).map((f) => f.name);
    expect(offenders).toEqual([]);
  });
});
