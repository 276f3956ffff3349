/** The line of a failed start's output that names its cause, as npm and Python print them. */
import { describe, expect, it } from 'vitest';
import { keyLine, startFailure } from '../src-main/engine/last-words';

const NPM_404 = [
  'npm error code E404',
  'npm error 404 Not Found - GET https://registry.npmjs.org/@modelcontextprotocol%2fserver-everythin - Not found',
  'npm error 404',
  "npm error 404  The requested resource '@modelcontextprotocol/server-everythin@*' could not be found or you do not have permission to access it.",
  'npm error 404',
  'npm error 404 Note that you can also install from a',
  'npm error 404 tarball, folder, http url, or git url.',
  'npm error A complete log of this run can be found in: /root/.npm/_logs/2026-11-27T02_07_14_131Z-debug-0.log',
];

const TRACEBACK = [
  'Traceback (most recent call last):',
  '  File "/skills/weather/main.py", line 3, in <module>',
  '    import requests',
  "ModuleNotFoundError: No module named 'requests'",
];

describe('the key line of a failed start', () => {
  it("is npm's 'could not be found', not its pointer to its log", () => {
    expect(keyLine(NPM_404)).toContain("'@modelcontextprotocol/server-everythin@*' could not be found");
  });

  it("is a traceback's exception, after its frames", () => {
    expect(keyLine(TRACEBACK)).toBe("ModuleNotFoundError: No module named 'requests'");
  });

  it('is the last line said when none names a cause, and nothing when nothing was said', () => {
    expect(keyLine(['starting', 'bye', ''])).toBe('bye');
    expect(keyLine(['', '  '])).toBeUndefined();
  });

  it('comes first in the sentence, with how the process ended after it', () => {
    expect(startFailure('weather', 'it exited during start-up, with code 1.', TRACEBACK)).toBe(
      "weather did not start: ModuleNotFoundError: No module named 'requests' (it exited during start-up, with code 1).",
    );
    expect(startFailure('weather', 'it exited during start-up, with code 1', [])).toBe('weather did not start: it exited during start-up, with code 1.');
  });
});
