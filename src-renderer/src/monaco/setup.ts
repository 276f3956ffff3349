/**
 * The heavy part, loaded on demand (dynamic import from ./load): Monaco's editor API with the JSON language and its
 * worker, local workers through Vite `?worker` imports, no CDN.
 */
import * as monaco from 'monaco-editor/editor/editor.api';
// The JSON language's worker manager imports every editor contribution (monaco-editor 0.57). Import that set here,
// before the first editor exists, so each contribution's services are registered in time (otherwise CodeLens and
// drop-into-editor complain about unknown services when the JSON mode loads later).
import 'monaco-editor/internal/common/workers';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    if (label === 'json') return new JsonWorker();
    return new EditorWorker();
  },
};

function cssVar(name: string, fallback: string): string {
  const v = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return (v && hexColor(v)) || fallback;
}

/**
 * Any CSS colour as the `#rrggbb` or `#rrggbbaa` Monaco requires: the built stylesheet is minified, which writes
 * `#ffffff` as `#fff` (and may write names or rgb()). A canvas reads the colour the way the page does.
 */
function hexColor(css: string): string | null {
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return /^#[0-9a-f]{6}([0-9a-f]{2})?$/i.test(css) ? css : null;
  ctx.fillStyle = '#010203';
  ctx.fillStyle = css;
  const read = String(ctx.fillStyle);
  if (read === '#010203' && css.toLowerCase() !== '#010203') return null; // not a colour the canvas took
  if (read.startsWith('#')) return read;
  const m = /^rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\)$/.exec(read);
  if (!m) return null;
  const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0');
  return `#${hex(+m[1])}${hex(+m[2])}${hex(+m[3])}${m[4] === undefined ? '' : hex(+m[4] * 255)}`;
}

/** Editor themes that take their background and accents from the app's CSS variables. */
export function defineThemes(): void {
  const common = (dark: boolean): monaco.editor.IStandaloneThemeData => ({
    base: dark ? 'vs-dark' : 'vs',
    inherit: true,
    rules: [],
    colors: {
      'editor.background': cssVar('--bg-input', dark ? '#1e2024' : '#ffffff'),
      'editor.lineHighlightBackground': cssVar('--bg-hover', dark ? '#2a2d33' : '#f3f4f6'),
      'editorLineNumber.foreground': cssVar('--text-faint', dark ? '#6b7280' : '#9ca3af'),
      'editorGutter.background': cssVar('--bg-input', dark ? '#1e2024' : '#ffffff'),
      focusBorder: '#00000000',
    },
  });
  monaco.editor.defineTheme('sw-light', common(false));
  monaco.editor.defineTheme('sw-dark', common(true));
}

/** Schemas per model: Monaco's JSON defaults are global, so we keep the list and hand it over whole. */
const schemas = new Map<string, unknown>();

export function setModelSchema(modelUri: string, schema: unknown): void {
  if (schema === undefined) schemas.delete(modelUri);
  else schemas.set(modelUri, schema);
  jsonDefaults.setDiagnosticsOptions({
    validate: true,
    allowComments: false,
    enableSchemaRequest: false,
    schemaValidation: 'error',
    schemas: [...schemas.entries()].map(([uri, s]) => ({
      uri: `${uri}.schema.json`,
      fileMatch: [uri],
      schema: s as object,
    })),
  });
}

export { monaco };
