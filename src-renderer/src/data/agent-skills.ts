/**
 * Agent Skills as the views read them: what an agent reads of one (read again when its files change), a file of
 * it on demand, the workspace's catalog, collisions, near misses, the warning before a script runs, and the
 * skills an MCP server offers. Every answer is the query cache's, so the views that share one ask once.
 */
import { useEffect, useRef } from 'react';
import { queries } from './queries';
import { useQuery, type QueryResult } from './use-query';
import type { ResultOf } from './query-cache';

/** What an agent reads of the skill: layers, scripts, allowed-tools, totals. */
export function useAgentSkillView(skillId: string): QueryResult<ResultOf<'agentSkillView'>> {
  return useQuery('agentSkillView', [skillId], { invalidateOn: ['filesChanged'], scope: skillId });
}

/** One file of the skill, read when it is opened (`enabled`), again when the skill's files change. */
export function useAgentSkillFile(skillId: string, path: string, enabled: boolean): QueryResult<ResultOf<'readAgentSkillFile'>> {
  return useQuery('readAgentSkillFile', [skillId, path], { invalidateOn: ['filesChanged'], scope: skillId, enabled });
}

/** The `<available_skills>` block of every Agent Skill in the open folders. */
export function useAgentSkillCatalog(enabled = true): QueryResult<ResultOf<'agentSkillCatalog'>> {
  return useQuery('agentSkillCatalog', [], { invalidateOn: ['filesChanged'], enabled });
}

/** Skills an agent could confuse, in the open folders and the user's own skills folders. */
export function useAgentSkillCollisions(): QueryResult<ResultOf<'agentSkillCollisions'>> {
  return useQuery('agentSkillCollisions', [], { invalidateOn: ['filesChanged'] });
}

/**
 * Folders that look like Agent Skills but are not. `workspaceKey` stands for the folders and the skills found
 * in them: read again when it changes (a folder opened, a skill found or gone), not with every status change
 * or save, since it walks every open folder.
 */
export function useNotAgentSkills(workspaceKey: string): QueryResult<ResultOf<'notAgentSkills'>> {
  const q = useQuery('notAgentSkills', []);
  const seen = useRef(workspaceKey);
  useEffect(() => {
    if (seen.current === workspaceKey) return;
    seen.current = workspaceKey;
    queries.invalidate(['notAgentSkills']);
  }, [workspaceKey]);
  return q;
}

/** The skills an MCP server offers (SEP-2640), read when its view opens (`enabled`). */
export function useMcpSkills(skillId: string, enabled: boolean): QueryResult<ResultOf<'mcpSkills'>> {
  return useQuery('mcpSkills', [skillId], { invalidateOn: ['mcpListChanged'], scope: skillId, enabled });
}

/** A file of one of an MCP server's skills, checked against its entry, read when it is opened. */
export function useMcpSkillFile(skillId: string, uri: string, enabled: boolean): QueryResult<ResultOf<'readMcpSkillFile'>> {
  return useQuery('readMcpSkillFile', [skillId, uri], { enabled });
}
