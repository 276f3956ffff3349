/**
 * Every test file of the unit lane: the lane's test and hook timeouts (a safety net for a test that hangs, never
 * a measure) stretched by how busy the machine was when the run began, as every other bound in the tests is.
 */
import { vi } from 'vitest';
import { scaled } from './machine-factor';
import { UNIT_TIMEOUT_MS } from './unit-lane';

vi.setConfig({ testTimeout: scaled(UNIT_TIMEOUT_MS), hookTimeout: scaled(UNIT_TIMEOUT_MS) });
