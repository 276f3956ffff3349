/** A Python skill's environment: what it lacks, and "Prepare the environment" with its cancel. */
import type { EnvRunResult, EnvStatus } from '../../contract';
import { z } from '../shape';
import { command, returns } from './declare';
import { skillId } from './fields';

const prepareOpts = z.strictObject({ findLinks: z.string().max(4096).optional(), fresh: z.boolean().optional() });

export const env = {
  envStatus: command(returns<EnvStatus>(), ['skillId', skillId]),
  prepareEnv: command(returns<EnvRunResult>(), ['skillId', skillId], ['opts', prepareOpts.optional()]),
  cancelEnv: command(returns<void>(), ['skillId', skillId]),
};
