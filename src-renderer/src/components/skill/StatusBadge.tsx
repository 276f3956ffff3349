import { BookOpenText } from 'lucide-react';
import type { Protocol, SkillStatus } from '@contract';
import { PROTOCOL_LABELS } from '@contract';
import { PROTOCOL_SHORT, STATUS_LABELS } from '../../lib/format';
import { useOfflineReason, useShownStatus } from '../../lib/offline';
import styles from './StatusBadge.module.css';

export function StatusDot({ status }: { status: SkillStatus }) {
  const shown = useShownStatus(status);
  return <span className={`status-dot status-${shown}`} aria-hidden="true" />;
}

/** The live status: a coloured dot and the word, so colour is never the only signal. "unknown" while disconnected. */
export function StatusBadge({ status, detail, testId }: { status: SkillStatus; detail?: string; testId?: string }) {
  const shown = useShownStatus(status);
  const offline = useOfflineReason();
  return (
    <span className={`status-badge status-${shown}`} title={offline ?? detail ?? undefined} data-testid={testId} data-status={shown}>
      <StatusDot status={status} />
      <span className="status-label">{STATUS_LABELS[shown]}</span>
    </span>
  );
}

/** The status as a word in a list, "unknown" while disconnected. */
export function StatusText({ status, testId }: { status: SkillStatus; testId?: string }) {
  const shown = useShownStatus(status);
  return (
    <span className={`skill-item-status status-text-${shown}`} data-testid={testId} data-status={shown}>
      {STATUS_LABELS[shown]}
    </span>
  );
}

export function ProtocolBadge({ protocol }: { protocol: Protocol }) {
  return (
    <span className={`${styles.protocolBadge} proto-${protocol}`} title={PROTOCOL_LABELS[protocol]}>
      {/* An Agent Skill is read more than run: a book, beside its name. */}
      {protocol === 'agent-skill' && <BookOpenText size={10} className={styles.protocolIcon} aria-hidden="true" />}
      {PROTOCOL_SHORT[protocol]}
    </span>
  );
}
