/** The column titles above a message list (live or recorded); the widths come from the rows' grid. */
export function MessageHeader() {
  return (
    <div className="msg-header" aria-hidden="true">
      <span className="msg-time">Time</span>
      <span className="dir" />
      <span className="kind-badge-h">Kind</span>
      <span className="msg-method">Method</span>
      <span className="msg-id">Id</span>
      <span className="msg-duration">Took</span>
    </div>
  );
}
