/**
 * The Authorization section's commands (McpOAuthApi), for the MCP service: an HTTP server's OAuth as the server's
 * adapter holds it (protocols/mcp/oauth), read without starting the server. Its steps reach the windows as
 * `mcpOAuthStep` events through the hub; answers are scrubbed at the door like every other.
 */
import type { McpOAuthApi, McpOAuthState } from '../contract';
import { isAlive } from '../common/skill-status';
import type { McpOAuthControl } from '../protocols/adapter';
import type { SkillHost } from './skill-host';

type Host = Pick<SkillHost, 'skillRef' | 'idleRuntime' | 'liveRuntime'>;

export class McpOAuthService implements McpOAuthApi {
  constructor(private readonly wb: Host) {}

  async mcpOAuthState(skillId: string): Promise<McpOAuthState> {
    return this.state(skillId, this.control(skillId));
  }

  async mcpOAuthAuthorize(skillId: string, scope?: string): Promise<McpOAuthState> {
    const ctl = this.control(skillId);
    const { address, done } = ctl.authorize(scope);
    // A server that could not connect without it connects once signed in (one waiting on this flow goes on by itself).
    done.then(
      () => {
        if (!isAlive(this.wb.idleRuntime(skillId).status)) void this.wb.liveRuntime(skillId).catch(() => undefined);
      },
      () => undefined,
    );
    await Promise.race([address, done.catch(() => undefined)]);
    return this.state(skillId, ctl);
  }

  async mcpOAuthRefresh(skillId: string): Promise<McpOAuthState> {
    const ctl = this.control(skillId);
    await ctl.refresh();
    return this.state(skillId, ctl);
  }

  async mcpOAuthCancel(skillId: string): Promise<McpOAuthState> {
    const ctl = this.control(skillId);
    ctl.cancel();
    return this.state(skillId, ctl);
  }

  async mcpOAuthLogout(skillId: string): Promise<McpOAuthState> {
    const ctl = this.control(skillId);
    ctl.logout();
    return this.state(skillId, ctl);
  }

  private state(skillId: string, ctl: McpOAuthControl): McpOAuthState {
    return { skillId, ...ctl.state() };
  }

  private control(skillId: string): McpOAuthControl {
    const ref = this.wb.skillRef(skillId);
    if (ref.protocol !== 'mcp') throw new Error(`${ref.name} is a ${ref.protocol} skill, not an MCP server: it has no authorization.`);
    return this.wb.idleRuntime(skillId).adapter.mcp!.oauth();
  }
}
