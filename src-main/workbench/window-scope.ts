/**
 * The window a command came from, as a command declared `fromWindow` (common/commands/declare.ts) is given it
 * after its own arguments: the window link makes one per window (window-link.ts), the door passes it on (door.ts).
 */
export interface WindowScope {
  /** Aborted when the window goes away (its link closed, or the page reloaded). */
  readonly gone: AbortSignal;
}
