/**
 * Wires the workbench's events into the store and the rings, once, at start-up.
 */
import { api, connection } from './api/client';
import { useStore } from './store';
import { publishLogs } from './streams/logs';
import { pushMessages } from './streams/messages';
import { timelineRings } from './streams/timeline';
import { bootstrap, isBootstrapped, loadInfo, reconcile } from './actions/workspace';
import { exitWords } from './lib/crash';
import { loadPendingRequests, wireMcpEvents } from './mcp-events';

export function wireEvents(): void {
  const client = api();
  const get = () => useStore.getState();

  let wasOpen = connection.state === 'open';
  get().setConnection(connection.state, connection.detail);
  connection.subscribe((state, detail) => {
    get().setConnection(state, detail);
    if (state === 'open' && !wasOpen) {
      // First load failed while we were offline: load now. Otherwise catch up on what we missed.
      if (!isBootstrapped()) void bootstrap();
      else void reconcile();
      // Requests of MCP servers may have come (or gone) meanwhile.
      void loadPendingRequests();
    }
    wasOpen = state === 'open';
  });

  client.on('skills', (skills) => {
    const s = get();
    s.setSkills(skills);
    for (const k of skills) {
      const info = s.infos[k.id];
      // The tool list may have been learnt since we inspected.
      if (info && k.toolCount !== undefined && k.toolCount !== info.tools.length) void loadInfo(k.id, true);
    }
    if (s.selectedSkillId && !skills.some((k) => k.id === s.selectedSkillId)) {
      s.setSelectedSkill(skills[0]?.id ?? null);
    }
  });

  client.on('status', ({ skillId, status, detail, crashes }) => {
    const s = get();
    const summary = s.skills.find((k) => k.id === skillId);
    const prev = summary?.status;
    s.setSkillStatus(skillId, status, detail, crashes);
    // A crash is news even when the workbench brings the skill back at once. A start that failed is not: the
    // start's own answer and the header say why.
    if (crashes && crashes.count > (summary?.crashes?.count ?? 0) && !crashes.last.duringStart) {
      s.pushToast('error', `${summary?.name ?? skillId} stopped unexpectedly: ${exitWords(crashes.last)}.`, crashes.last.stderrTail.slice(-3));
    }
    // A skill that just became ready may now report its tools.
    // So may one that (re)started into needs-setup: its settings (host parity) may have changed what it reports.
    const restarted = status === 'needs-setup' && (prev === 'starting' || prev === 'restarting');
    if (((status === 'ready' && prev !== 'ready' && prev !== 'busy') || restarted) && s.infos[skillId]) void loadInfo(skillId, true);
    if (status === 'stopped' || status === 'crashed') {
      if (s.sessions[skillId]) s.setSession(skillId, null);
    }
  });

  // Log counters reach the store at most a few times a second, however fast the lines come.
  const pendingCounts = new Map<string, { lines: number; errors: number }>();
  let countTimer: ReturnType<typeof setTimeout> | undefined;
  const flushCounts = () => {
    countTimer = undefined;
    for (const [id, c] of pendingCounts) get().bumpLogs(id, c.lines, c.errors);
    pendingCounts.clear();
  };
  client.on('logs', ({ skillId, entries, skipped }) => {
    if (!entries.length) return;
    // A batch that left lines out (browser mode, in a flood) says so in a line of its own, not counted.
    let errors = skipped?.errors ?? 0;
    for (const e of entries) if (e.stream === 'stderr') errors++;
    const c = pendingCounts.get(skillId) ?? { lines: 0, errors: 0 };
    c.lines += entries.length + (skipped ? skipped.lines - 1 : 0);
    c.errors += errors;
    pendingCounts.set(skillId, c);
    countTimer ??= setTimeout(flushCounts, 250);
    publishLogs(skillId, entries);
  });

  client.on('messages', ({ skillId, entries }) => {
    pushMessages(skillId, entries);
  });

  client.on('ticks', ({ skillId, ticks }) => {
    get().setTicks(skillId, ticks);
  });

  client.on('timeline', ({ skillId, entry }) => {
    timelineRings.of(skillId).add([entry]);
    if (entry.kind === 'session-end') get().setSession(skillId, null);
  });

  // A summary: this window's own calls come whole in their answers; another window's are read when opened.
  client.on('call', (summary) => {
    get().upsertCall(summary);
    // A call the disk refused to keep is counted on the disk banner (its answer says so too).
    if (summary.error?.code === 'NOT_KEPT') get().countNotKept(summary.skillId);
  });

  // The desktop link dropped events while this window was too far behind: read afresh, as after a reconnect.
  client.on('resync', () => {
    if (isBootstrapped()) void reconcile();
  });

  // The banner stays while the disk refuses a skill's files; that it can write again is news of its own.
  client.on('diskTrouble', (news) => {
    if (get().takeDiskNews(news)) get().pushToast('success', news.message);
  });

  wireMcpEvents(client);
}
