/**
 * The whole WorkbenchApi as the hosts expose it: the workbench's core commands plus its QA, authoring,
 * log-file and agent services, each method bound to the object that implements it.
 */
import { AGENT_METHOD_NAMES, AUTHORING_METHOD_NAMES, CORE_METHOD_NAMES, INTEROP_METHOD_NAMES, LOG_METHOD_NAMES, MCP_METHOD_NAMES, QA_METHOD_NAMES, type WorkbenchApi } from '../contract';
import type { Workbench } from './workbench';

export function workbenchApi(wb: Workbench): WorkbenchApi {
  const api: Record<string, unknown> = {};
  const bind = (target: object, names: readonly string[]) => {
    for (const name of names) api[name] = (target as Record<string, (...a: unknown[]) => unknown>)[name].bind(target);
  };
  bind(wb, CORE_METHOD_NAMES);
  bind(wb.qa, QA_METHOD_NAMES);
  bind(wb.authoring, AUTHORING_METHOD_NAMES);
  bind(wb.logFiles, LOG_METHOD_NAMES);
  bind(wb.agents, AGENT_METHOD_NAMES);
  bind(wb.interop, INTEROP_METHOD_NAMES);
  bind(wb.mcp, MCP_METHOD_NAMES);
  return api as unknown as WorkbenchApi;
}
