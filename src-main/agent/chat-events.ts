/**
 * What a chat turn tells as it goes: the events are the contract's (`ChatEvent` in contract-chat.ts, which the
 * window reads too), in the order described there.
 */
import type { ChatEvent } from '../contract';

export type { ChatEvent };

export type ChatEventListener = (event: ChatEvent) => void;
