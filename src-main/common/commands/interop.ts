/** What a skill exposes to the others open here, called from the Interop panel. */
import type { InteropAnswer, SkillExposure } from '../../contract';
import { command, returns } from './declare';
import { anyValue, skillId, text } from './fields';

export const interop = {
  listExposed: command(returns<SkillExposure>(), ['skillId', skillId]),
  callExposed: command(returns<InteropAnswer>(), ['skillId', skillId], ['fn', text], ['args', anyValue]),
  requestExposed: command(returns<InteropAnswer>(), ['skillId', skillId], ['dataName', text], ['params', anyValue]),
};
