/**
 * The store's feature slices: MCP requests, progress and tasks; recordings newest first with the one each skill
 * writes; and what a skill's status means (common/skill-status.ts), which the engine and the window share.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { McpPendingRequest, RecordingInfo, SkillStatus } from '@contract';
import { mcpSelectors, recordingSelectors, useStore } from '../../../src-renderer/src/store';
import { isAlive, isServing, isUp } from '../../../src-main/common/skill-status';

const initial = useStore.getState();
beforeEach(() => useStore.setState(initial, true));

const request = (requestId: string, receivedAt: number) => ({ requestId, receivedAt, kind: 'elicitation', skillId: 'm' }) as unknown as McpPendingRequest;
const recording = (file: string, startedAt: number, extra: Partial<RecordingInfo> = {}) => ({ file, startedAt, skillId: 's', active: false, ...extra }) as RecordingInfo;

describe('the MCP slice', () => {
  it('keeps waiting requests oldest first, once each, and brings the folded tray back with a new one', () => {
    const s = () => useStore.getState();
    s().setPending([request('b', 2), request('a', 1)]);
    s().setTrayHidden(true);
    s().addPending(request('a', 1));
    expect(s().trayHidden).toBe(true);
    s().addPending(request('c', 3));
    expect(s().pending.map((r) => r.requestId)).toEqual(['a', 'b', 'c']);
    expect(s().trayHidden).toBe(false);
    s().dropPending('b');
    s().markElicitationComplete('a');
    expect(s().pending).toMatchObject([{ requestId: 'a', completed: true }, { requestId: 'c' }]);
  });

  it('forgets a call\'s progress and task when told, and says task changes as one string', () => {
    const s = () => useStore.getState();
    s().setProgress('c1', { progress: 1, total: 4 });
    s().setTask('c1', { taskId: 't1', status: 'working' } as never);
    expect(mcpSelectors.taskStates(s())).toBe('t1:working');
    s().setTask('c1', { taskId: 't1', status: 'completed' } as never);
    expect(mcpSelectors.taskStates(s())).toBe('t1:completed');
    s().setProgress('c1', undefined);
    s().setTask('c1', undefined);
    expect(s().progress).toEqual({});
    expect(mcpSelectors.taskStates(s())).toBe('');
    s().markUpdated('m', 'file:///a', 42);
    expect(mcpSelectors.changedAt('m', 'file:///a')(s())).toBe(42);
  });
});

describe('the recordings slice', () => {
  it('lists newest first, replaces a recording by its file, and knows the one a skill writes', () => {
    const s = () => useStore.getState();
    expect(s().recordingsLoaded).toBe(false);
    s().setRecordings([recording('old', 1), recording('new', 5)]);
    expect(s().recordingsLoaded).toBe(true);
    s().upsertRecording(recording('mid', 3, { active: true }));
    s().upsertRecording(recording('new', 5, { records: 9 }));
    expect(s().recordings.map((r) => r.file)).toEqual(['new', 'mid', 'old']);
    expect(s().recordings[0].records).toBe(9);
    expect(recordingSelectors.active('s')(s())?.file).toBe('mid');
    expect(recordingSelectors.active('other')(s())).toBeUndefined();
  });
});

describe('what a status means', () => {
  const all: SkillStatus[] = ['stopped', 'starting', 'ready', 'busy', 'needs-setup', 'crashed', 'restarting'];
  it('alive: a process there or on its way; up: answering; serving: taking work', () => {
    expect(all.filter(isAlive)).toEqual(['starting', 'ready', 'busy', 'needs-setup', 'restarting']);
    expect(all.filter(isUp)).toEqual(['ready', 'busy', 'needs-setup']);
    expect(all.filter(isServing)).toEqual(['ready', 'busy']);
  });
});

describe('the disk-trouble slice', () => {
  it('holds a skill while the disk refuses its files, and says when an episode it was told of ends', () => {
    const s = () => useStore.getState();
    const news = (problem: string | null) => ({ skillId: 's', files: problem ? ['log'] : [], problem, message: problem ?? 'Writing again.' });
    expect(s().takeDiskNews(news(null))).toBe(false);
    expect(s().takeDiskNews(news('The disk is full.'))).toBe(false);
    expect(Object.keys(s().diskTrouble)).toEqual(['s']);
    expect(s().takeDiskNews(news(null))).toBe(true);
    expect(s().diskTrouble).toEqual({});
  });
});
