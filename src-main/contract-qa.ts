/**
 * The contract's recordings, replay and report commands (part of the one contract: contract.ts re-exports
 * everything here). Types only, plus the method-name map; nothing may import Node or Electron.
 */

/** Recordings, replay and reports in the app. */
export interface QaApi {}

export const QA_METHODS: { [K in keyof QaApi]: true } = {};
export const QA_METHOD_NAMES = Object.keys(QA_METHODS) as (keyof QaApi)[];
