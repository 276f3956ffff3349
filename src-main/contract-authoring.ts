/**
 * The contract's authoring commands: doctor, new skill, saved requests and collections, hot reload
 * (part of the one contract: contract.ts re-exports everything here). Types only, plus the method-name
 * map; nothing may import Node or Electron.
 */

/** Authoring commands in the app. */
export interface AuthoringApi {}

export const AUTHORING_METHODS: { [K in keyof AuthoringApi]: true } = {};
export const AUTHORING_METHOD_NAMES = Object.keys(AUTHORING_METHODS) as (keyof AuthoringApi)[];
