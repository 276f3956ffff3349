/** The renderer's data layer: views read with `useQuery`, change with `useCommand`, and never touch the transport. */
export { useQuery, type QueryResult } from './use-query';
export { useCommand, type CommandOptions, type CommandState } from './use-command';
export { useAction, type ActionState } from './use-action';
export { queries } from './queries';
export type { ArgsOf, CommandName, ResultOf } from './query-cache';
export { onEvent } from './events';
