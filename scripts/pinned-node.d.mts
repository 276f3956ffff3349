/** Types of pinned-node.mjs, for the tests that import it. */
export const MIN: [number, number];
export const PINNED: string;
export function tooOld(version?: string): boolean;
export function pinnedDir(env?: NodeJS.ProcessEnv): string;
export function fetchPinnedNode(): string;
export function onPinnedNode(script: string): void;
