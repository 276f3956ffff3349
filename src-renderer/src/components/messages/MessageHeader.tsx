// Global class names kept beside the module classes: tests select .msg-method.
import messagesStyles from './messages.module.css';
/** The column titles above a message list (live or recorded); the widths come from the rows' grid. */
export function MessageHeader() {
  return (
    <div className={messagesStyles.msgHeader} aria-hidden="true">
      <span className={messagesStyles.msgTime}>Time</span>
      <span className="dir" />
      <span className="kind-badge-h">Kind</span>
      <span className={`${messagesStyles.msgMethod} msg-method`}>Method</span>
      <span className={messagesStyles.msgId}>Id</span>
      <span className={messagesStyles.msgDuration}>Took</span>
    </div>
  );
}
