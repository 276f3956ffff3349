/** The skill header's word on confinement: what the operating system enforces for this skill, if anything. */
import type { SkillInfo } from '../contract';
import { confineSupport, confinementWords } from '../host/confine';
import type { Confinement } from '../protocols/adapter';

export function withConfinement(info: SkillInfo | null, confine: Confinement | undefined): SkillInfo | null {
  if (!info || !confine) return info;
  return { ...info, confinement: confinementWords(confine.network, confineSupport()) };
}
