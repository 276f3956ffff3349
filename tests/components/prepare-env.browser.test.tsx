/**
 * "Prepare the environment" as a person meets it: the header's note says which packages are missing or too old,
 * the dialog says what it will do, shows the installer's output as it comes with a Cancel, then the result; a
 * cancelled one can be tried again, offline from a folder of packages. No serious accessibility violation in either
 * theme at each step. The workbench is a stand-in that answers as the engine does (tests/python-env.test.ts runs
 * the real one) and tells its events through the client's `on`.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { EnvEvent, EnvRunResult, EnvStatus, SkillSummary, WorkbenchClient } from '@contract';
import { PythonEnvNote } from '../../src-renderer/src/components/skill/PythonEnvNote';
import { useStore } from '../../src-renderer/src/store';
import { expectNoSeriousViolations } from './axe';

const VENV = '/home/ada/skills/skills-py/otter/.venv';
const STATUS: EnvStatus = {
  skillId: 'otter',
  applies: true,
  venv: VENV,
  exists: true,
  file: 'manifest.json',
  requirements: ['aiohttp>=3.9', 'pydantic>=2.0'],
  python: `its virtual environment's Python, ${VENV}/bin/python`,
  problems: [
    { requirement: 'aiohttp>=3.9', name: 'aiohttp', installed: '3.8.4', kind: 'too-old' },
    { requirement: 'pydantic>=2.0', name: 'pydantic', installed: null, kind: 'missing' },
  ],
  unfinished: null,
  command: "skillbench env /home/ada/skills/skills-py/otter",
  run: null,
};
const SUMMARY = { id: 'otter', name: 'Otter', protocol: 'skilldef', status: 'crashed', dir: '/home/ada/skills/skills-py/otter', root: '/home/ada/skills' } as SkillSummary;

/** The workbench's side: what was asked, and a preparation that goes on until the test ends it. */
let asked: { prepare: unknown[][]; cancels: number };
let tell: (e: EnvEvent) => void;
let finish: (r: EnvRunResult) => void;

beforeEach(() => {
  asked = { prepare: [], cancels: 0 };
  const listeners = new Set<(e: EnvEvent) => void>();
  tell = (e) => listeners.forEach((l) => l(e));
  window.skillbench = {
    envStatus: () => Promise.resolve(STATUS),
    prepareEnv: (...args: unknown[]) => {
      asked.prepare.push(args);
      return new Promise<EnvRunResult>((resolve) => {
        finish = (r) => {
          tell({ skillId: 'otter', result: r });
          resolve(r);
        };
      });
    },
    cancelEnv: () => {
      asked.cancels++;
      return Promise.resolve();
    },
    on: (event: string, listener: (e: EnvEvent) => void) => {
      if (event !== 'pythonEnv') return () => undefined;
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as WorkbenchClient;
  useStore.setState({ connection: 'open' });
});

describe('Prepare the environment', () => {
  it('says what is missing, shows the installer as it goes, cancels, and tries again', async () => {
    await render(<PythonEnvNote summary={SUMMARY} />);
    const note = page.getByTestId('python-env-note');
    await expect.element(note).toMatchTextContent(/^Otter needs Python packages that its environment does not have yet:/);
    expect(page.getByTestId('python-env-problems').element().textContent).toBe('aiohttp>=3.9: 3.8.4 is installed, which is too oldpydantic>=2.0: not installed');
    await expectNoSeriousViolations(note.element());

    await page.getByTestId('prepare-env').click();
    const dialog = page.getByTestId('env-dialog');
    await expect.element(dialog).toHaveAttribute('data-phase', 'ready');
    await expect.element(page.getByTestId('env-where')).toHaveTextContent(`${VENV} (there already: packages are added to it)`);
    await expect.element(page.getByTestId('env-requirements')).toHaveTextContent('aiohttp>=3.9, pydantic>=2.0');
    await expect.element(page.getByTestId('env-command')).toHaveTextContent(STATUS.command);
    await expectNoSeriousViolations(page.getByRole('dialog').element());

    // Running: the step and the installer's lines as they come, and Cancel.
    await page.getByTestId('env-prepare').click();
    expect(asked.prepare).toEqual([['otter', undefined]]);
    await expect.element(page.getByTestId('env-output')).toHaveTextContent('The installer’s output shows here as it comes.');
    tell({ skillId: 'otter', step: 'Installing 2 requirements from manifest.json with pip: aiohttp>=3.9, pydantic>=2.0' });
    tell({ skillId: 'otter', lines: ['Collecting aiohttp>=3.9', '  Downloading aiohttp-3.9.5.tar.gz'] });
    tell({ skillId: 'other', lines: ['not this skill'] });
    await expect.element(page.getByTestId('env-step')).toMatchTextContent(/^Installing 2 requirements from manifest\.json with pip:/);
    await expect.element(page.getByTestId('env-output')).toHaveTextContent('Collecting aiohttp>=3.9 Downloading aiohttp-3.9.5.tar.gz');
    expect(page.getByTestId('env-output').element().textContent).not.toContain('not this skill');
    await expectNoSeriousViolations(page.getByRole('dialog').element());
    await page.getByTestId('env-cancel').click();
    expect(asked.cancels).toBe(1);
    finish({ ok: false, cancelled: true, message: `Cancelled: the environment in ${VENV} is not finished. Prepare it again to finish it.`, venv: VENV, durationMs: 900, restarted: false });
    const result = page.getByTestId('env-result');
    await expect.element(result).toHaveAttribute('data-ok', 'false');
    await expect.element(result).toMatchTextContent(/^Cancelled: the environment in .* is not finished\./);
    await expectNoSeriousViolations(page.getByRole('dialog').element());

    // Again: it ends prepared, and the skill was restarted on it.
    await page.getByTestId('env-prepare').click();
    expect(asked.prepare).toHaveLength(2);
    finish({ ok: true, cancelled: false, message: `Prepared: ${VENV} has what manifest.json lists.`, venv: VENV, durationMs: 4200, restarted: true });
    await expect.element(result).toHaveAttribute('data-ok', 'true');
    await expect.element(result).toHaveTextContent(`Prepared: ${VENV} has what manifest.json lists. Otter was restarted on it.`);
    await expect.element(page.getByTestId('env-prepare')).not.toBeInTheDocument();
  });

  it('installs offline from the folder given', async () => {
    await render(<PythonEnvNote summary={SUMMARY} />);
    await page.getByTestId('prepare-env').click();
    await page.getByText('Offline: install from a folder of downloaded packages').click();
    await page.getByLabelText('Folder of packages (.whl files)').fill(' /home/ada/wheels ');
    await page.getByTestId('env-prepare').click();
    expect(asked.prepare).toEqual([['otter', { findLinks: '/home/ada/wheels' }]]);
    finish({ ok: true, cancelled: false, message: 'Prepared.', venv: VENV, durationMs: 1, restarted: false });
    await expect.element(page.getByTestId('env-result')).toHaveTextContent('Prepared. Start Otter to use it.');
  });
});
