/**
 * The state of the link to the workbench, shared by both transports (Electron's is always 'open').
 * 'reconnecting': the socket just closed and the first try to reopen it is under way; 'lost': that failed too,
 * so the server is gone (it keeps being tried, and the page comes back by itself if the server does).
 */
export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'lost' | 'unauthorised' | 'unreachable';

type Listener = (state: ConnectionState, detail?: string) => void;

export class ConnectionStatus {
  private listeners = new Set<Listener>();
  state: ConnectionState = 'connecting';
  detail?: string;

  set(state: ConnectionState, detail?: string): void {
    if (state === this.state && detail === this.detail) return;
    this.state = state;
    this.detail = detail;
    for (const l of this.listeners) l(state, detail);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
