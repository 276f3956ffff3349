/** A Python skill's environment: what it lacks, and "Prepare the environment" with its cancel. */
import { command } from './command';

export const envStatus = command('envStatus');
export const prepareEnv = command('prepareEnv');
export const cancelEnv = command('cancelEnv');
