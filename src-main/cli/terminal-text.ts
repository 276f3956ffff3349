/**
 * Text bound for a terminal with its control characters made visible (`\x1b`): a skill's name, description,
 * result or error printed as is could write the clipboard (OSC 52), retitle the window, hide text or move the
 * cursor over what was printed before. Output to a file or a pipe stays byte for byte (`--json` escapes anyway).
 */
// eslint-disable-next-line no-control-regex -- the control characters are what is matched
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

export function visibleControls(text: string): string {
  return text.replace(CONTROLS, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}
