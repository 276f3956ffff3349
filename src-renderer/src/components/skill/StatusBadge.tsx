import type { Protocol, SkillStatus } from '@contract';
import { PROTOCOL_LABELS } from '@contract';
import { PROTOCOL_SHORT, STATUS_LABELS } from '../../lib/format';

export function StatusDot({ status }: { status: SkillStatus }) {
  return <span className={`status-dot status-${status}`} aria-hidden="true" />;
}

/** The live status: a coloured dot and the word, so colour is never the only signal. */
export function StatusBadge({ status, detail, testId }: { status: SkillStatus; detail?: string; testId?: string }) {
  return (
    <span className={`status-badge status-${status}`} title={detail ?? undefined} data-testid={testId} data-status={status}>
      <StatusDot status={status} />
      <span className="status-label">{STATUS_LABELS[status]}</span>
    </span>
  );
}

export function ProtocolBadge({ protocol }: { protocol: Protocol }) {
  return (
    <span className={`protocol-badge proto-${protocol}`} title={PROTOCOL_LABELS[protocol]}>
      {PROTOCOL_SHORT[protocol]}
    </span>
  );
}
