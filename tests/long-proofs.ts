/**
 * Long proofs the soak lane runs (vitest.soak.config.mts) and the gate leaves out (vitest.config.mts): the real
 * repository's skills on a mirror of it, every handed-out command pasted into a shell, real npm MCP servers' tool
 * lists byte for byte, and the real Claude Code from npm (a 400 MB binary per run) through the model proxy.
 */
export const LONG_PROOFS = ['tests/real-skills.test.ts', 'tests/handed-out-commands.test.ts', 'tests/mcp-tool-list.test.ts', 'tests/claude-code-host.test.ts'];
