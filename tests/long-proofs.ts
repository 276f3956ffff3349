/**
 * Long proofs the soak lane runs (vitest.soak.config.mts) and the gate leaves out (vitest.config.mts): the real
 * repository's skills on a mirror of it, every handed-out command pasted into a shell, and real npm MCP servers' tool
 * lists byte for byte.
 */
export const LONG_PROOFS = ['tests/real-skills.test.ts', 'tests/handed-out-commands.test.ts', 'tests/mcp-tool-list.test.ts'];
