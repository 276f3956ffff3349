import { memo } from 'react';
import type { SkillSummary } from '@contract';
import { ProtocolBadge, StatusDot, StatusText } from '../skill/StatusBadge';
import { SkillControls } from '../skill/SkillControls';
import { CrashChip } from '../skill/CrashBadge';
import { selectSkill } from '../../actions/workspace';

export const SkillListItem = memo(function SkillListItem({ skill, selected, focusable }: { skill: SkillSummary; selected: boolean; focusable: boolean }) {
  return (
    <li className={`skill-item${selected ? ' selected' : ''}`} data-testid="skill-item" data-skill-id={skill.id}>
      <button
        type="button"
        className="skill-item-main"
        aria-current={selected ? 'true' : undefined}
        data-skill-button
        tabIndex={focusable ? 0 : -1}
        onClick={() => selectSkill(skill.id)}
        title={skill.description ?? skill.dir}
      >
        <StatusDot status={skill.status} />
        <span className="skill-item-text">
          <span className="skill-item-name">{skill.name}</span>
          <span className="skill-item-meta">
            <StatusText status={skill.status} testId="skill-status" />
            <CrashChip skillId={skill.id} report={skill.crashes} />
            {skill.toolCount !== undefined && (
              <span className="skill-item-tools">
                {skill.toolCount} tool{skill.toolCount === 1 ? '' : 's'}
              </span>
            )}
          </span>
        </span>
        <ProtocolBadge protocol={skill.protocol} />
      </button>
      <span className="skill-item-actions">
        <SkillControls skillId={skill.id} name={skill.name} status={skill.status} />
      </span>
    </li>
  );
});
