/** An HTTP MCP server's OAuth: the Authorization section's commands (served by the MCP service). */
import type { McpOAuthState } from '../../contract';
import { z } from '../shape';
import { command, returns } from './declare';
import { skillId } from './fields';

/** Scopes as OAuth writes them: names separated by spaces. */
const scope = z.string().max(2000).regex(/^[\x21\x23-\x5B\x5D-\x7E]+( [\x21\x23-\x5B\x5D-\x7E]+)*$/, 'scopes are names without quotes or backslashes, separated by single spaces');

export const mcpOAuth = {
  mcpOAuthState: command(returns<McpOAuthState>(), ['skillId', skillId]),
  mcpOAuthAuthorize: command(returns<McpOAuthState>(), ['skillId', skillId], ['scope', scope.optional()]),
  mcpOAuthRefresh: command(returns<McpOAuthState>(), ['skillId', skillId]),
  mcpOAuthCancel: command(returns<McpOAuthState>(), ['skillId', skillId]),
  mcpOAuthLogout: command(returns<McpOAuthState>(), ['skillId', skillId]),
};
