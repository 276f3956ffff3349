/** Types of build.mjs, for the tests that import it. */
export interface BuildStep {
  name: string;
  label: string;
  /** Files and folders, relative to the root, whose contents decide whether the step must run. */
  inputs: string[];
  /** What it makes, relative to the root: one missing makes the step run. */
  outputs: string[];
  /** The program and its arguments, run from the root. */
  command: string[];
}
export const STAMP: string;
export function buildSteps(root?: string): BuildStep[];
export function inputsDigest(root: string, inputs: string[]): string;
export function staleSteps(root?: string, steps?: BuildStep[]): BuildStep[];
export function build(root?: string, opts?: { steps?: BuildStep[]; force?: boolean; log?: (line: string) => void }): string[];
