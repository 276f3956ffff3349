/** Action skills: agent folders (agent.yaml + .claude/skills/*.py) and lone action scripts. */
import type { ProtocolModule } from '../adapter';
import { ActionSkill } from './adapter';
import { detectActionDir, detectActionFile } from './detect';

export const actionProtocol: ProtocolModule = {
  protocol: 'action',
  detect: detectActionDir,
  detectFile: detectActionFile,
  create: (ref, ctx) => new ActionSkill(ref, ctx),
  perCall: true,
  hostServices: false,
};

export { ActionSkill, MAX_STDOUT_BYTES, PROBE_ACTION, type ActionAdapterOptions } from './adapter';
export { readAgentConfig, DEFAULT_TIMEOUT_S, type AgentConfig, type AgentSkill } from './detect';
export { buildRequest, parseStdout, interpretDoc, lastJsonObject, supportedActions } from './envelope';
export { scanScript, looksLikeActionScript } from './scan';

// The protocol's public face: what the rest of the engine uses of it.
export { type Cron, nextRun, parseCron } from './cron';
export { agentDirOf, detectActionDir, readScript } from './detect';
export { learnActions } from './learn';
export { commandFor } from './run';
