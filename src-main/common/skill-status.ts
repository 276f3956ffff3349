/**
 * What a skill's status means, said once for the engine and the window. Three questions, three answers:
 *
 * - `isAlive`: a process is there or on its way (starting, restarting, up). Stop has something to stop; changed
 *   settings restart it; Start is pointless.
 * - `isUp`: the process is up and answering (ready, busy, or waiting for its setup). Asking it something does
 *   not start it; what it exposes and reports can be read.
 * - `isServing`: up and taking work (ready or busy, its setup done). Ticks and schedules run.
 *
 * Stopped and crashed are none of them.
 */
import type { Protocol, SkillStatus } from '../contract-types';

const ALIVE: ReadonlySet<SkillStatus> = new Set(['starting', 'ready', 'busy', 'restarting', 'needs-setup']);
const UP: ReadonlySet<SkillStatus> = new Set(['ready', 'busy', 'needs-setup']);

export const isAlive = (status: SkillStatus): boolean => ALIVE.has(status);
export const isUp = (status: SkillStatus): boolean => UP.has(status);
export const isServing = (status: SkillStatus): boolean => status === 'ready' || status === 'busy';
/** Between stopped and up: the controls wait. */
export const isTransitioning = (status: SkillStatus): boolean => status === 'starting' || status === 'restarting';

/** Skills the workbench reads but does not run (QuickJS): no Start, nothing to stop. */
export const runsHere = (protocol: Protocol): boolean => protocol !== 'quickjs';
