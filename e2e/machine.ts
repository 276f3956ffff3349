/**
 * Timeouts in the end-to-end specs, stretched by how busy the machine was when the run began
 * (tests/machine-probe.ts: measured once by playwright.config.ts, read by its workers from the environment), so a
 * busy machine waits longer instead of failing; what a test waits for is still the event.
 */
import { machineFactorOnce } from '../tests/machine-probe';

export const machineFactor = machineFactorOnce;

/** `ms` as a timeout on this machine now: at least `ms`, stretched by how busy the machine was. */
export function scaled(ms: number): number {
  return Math.round(ms * machineFactorOnce());
}
