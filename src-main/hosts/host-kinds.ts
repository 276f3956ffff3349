/**
 * The agent hosts the workbench can drive, as data: what npm package each is, how it runs headless, how it is
 * pointed at a model endpoint, where it reads a project's skills, and which wire format it speaks to the model.
 * Learned from each host's documentation and, for Claude Code, from running it against a scripted server
 * (2.1.332: one `POST /v1/messages?beta=true`, streamed, per model turn; the skill catalog in a `system` role
 * message after the user's; nothing else called with the variables below set).
 */

/** The wire format a host speaks to its model endpoint. */
export type HostWireApi = 'anthropic-messages' | 'openai-responses' | 'gemini-generate-content';

export interface HostKind {
  id: string;
  /** The package `hosts add` installs. */
  npmPackage: string;
  /** The command's name on PATH. */
  bin: string;
  /**
   * Where the runnable file is inside an npm install's `node_modules`, first found wins. Claude Code's binary is
   * in its platform package: npm's install-scripts policy skips the postinstall that would link it.
   */
  installedBins: (platform: string, arch: string) => string[];
  /** A headless run of one query: the arguments after the binary. */
  headlessArgs: (query: string) => string[];
  /** The environment that points the host at `baseUrl` with `token` as its key (and keeps it off other networks). */
  endpointEnv: (baseUrl: string, token: string) => Record<string, string>;
  /** Where, in a project, the host reads Agent Skills (a skill goes in `<skillsDir>/<name>/`). */
  skillsDir: string;
  wireApi: HostWireApi;
  /** The variable(s) that keep its configuration out of the user's own home, given the scratch home. */
  homeEnv: (home: string) => Record<string, string>;
  /** Where the workbench stands with it, in one sentence, for `hosts`. */
  note: string;
  /** Whether the model proxy speaks this host's wire format (host-view and host evals need it). */
  proxied: boolean;
}

const ext = (platform: string) => (platform === 'win32' ? '.exe' : '');

export const HOST_KINDS: readonly HostKind[] = [
  {
    id: 'claude-code',
    npmPackage: '@anthropic-ai/claude-code',
    bin: 'claude',
    installedBins: (platform, arch) => [`@anthropic-ai/claude-code-${platform}-${arch}/claude${ext(platform)}`, `@anthropic-ai/claude-code-${platform}-${arch}-musl/claude`, '@anthropic-ai/claude-code/bin/claude.exe', '@anthropic-ai/claude-code/cli.js'],
    headlessArgs: (query) => ['-p', query, '--output-format', 'stream-json', '--verbose'],
    endpointEnv: (baseUrl, token) => ({
      ANTHROPIC_BASE_URL: baseUrl,
      ANTHROPIC_API_KEY: token,
      // Its documented switches for traffic other than the model's: telemetry, error reports, updates, the rest.
      DISABLE_TELEMETRY: '1',
      DISABLE_ERROR_REPORTING: '1',
      DISABLE_AUTOUPDATER: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    }),
    homeEnv: (home) => ({ HOME: home, USERPROFILE: home, CLAUDE_CONFIG_DIR: `${home}/.claude`, XDG_CONFIG_HOME: `${home}/.config`, XDG_CACHE_HOME: `${home}/.cache`, XDG_DATA_HOME: `${home}/.local/share` }),
    skillsDir: '.claude/skills',
    wireApi: 'anthropic-messages',
    note: 'headless with -p and stream-json; ANTHROPIC_BASE_URL points it at the proxy',
    proxied: true,
  },
  {
    id: 'codex',
    npmPackage: '@openai/codex',
    bin: 'codex',
    installedBins: () => ['@openai/codex/bin/codex.js'],
    headlessArgs: (query) => ['exec', '--json', '--skip-git-repo-check', query],
    // Codex takes its endpoint from config.toml under CODEX_HOME ([model_providers.x] base_url, env_key, wire_api = "responses").
    endpointEnv: (_baseUrl, token) => ({ SKILLBENCH_HOST_TOKEN: token }),
    homeEnv: (home) => ({ HOME: home, USERPROFILE: home, CODEX_HOME: `${home}/.codex` }),
    skillsDir: '.agents/skills',
    wireApi: 'openai-responses',
    note: 'headless with `codex exec --json`; its endpoint is a provider in config.toml speaking the OpenAI Responses API, which the proxy does not speak yet',
    proxied: false,
  },
  {
    id: 'gemini-cli',
    npmPackage: '@google/gemini-cli',
    bin: 'gemini',
    installedBins: () => ['@google/gemini-cli/dist/index.js', '@google/gemini-cli/bundle/gemini.js'],
    headlessArgs: (query) => ['-p', query, '--output-format', 'stream-json'],
    endpointEnv: (baseUrl, token) => ({ GOOGLE_GEMINI_BASE_URL: baseUrl, GEMINI_API_KEY: token, GEMINI_CLI_NO_RELAUNCH: 'true' }),
    homeEnv: (home) => ({ HOME: home, USERPROFILE: home }),
    skillsDir: '.gemini/skills',
    wireApi: 'gemini-generate-content',
    note: "headless with -p and stream-json; GOOGLE_GEMINI_BASE_URL points it at an endpoint speaking Gemini's generateContent API, which the proxy does not speak yet",
    proxied: false,
  },
];

export function hostKind(id: string): HostKind | undefined {
  return HOST_KINDS.find((k) => k.id === id);
}

/** `claude-code@2.1.332` → its kind and version (undefined: the newest). Throws a sentence for an unknown id. */
export function parseHostSpec(spec: string): { kind: HostKind; version?: string } {
  const at = spec.lastIndexOf('@');
  const id = at > 0 ? spec.slice(0, at) : spec;
  const version = at > 0 ? spec.slice(at + 1) : undefined;
  const kind = hostKind(id);
  if (!kind) throw new Error(`There is no agent host "${id}": the hosts are ${HOST_KINDS.map((k) => k.id).join(', ')}.`);
  if (version !== undefined && !/^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/.test(version)) throw new Error(`"${version}" is not a version (for example 2.1.332, or latest).`);
  return { kind, version };
}
