/** Authoring: the doctor, new skills, and saved requests in collections with their environments. */
import type { CollectionDetails, DoctorReport, NewSkillRequest, NewSkillResult, RunReport, SaveRequestInput, SaveRequestResult } from '../../contract';
import { command, returns } from './declare';
import { anyValue, object, objectFor, skillId, text } from './fields';

export const authoring = {
  runDoctor: command(returns<DoctorReport>(), ['skillId', skillId]),
  createSkill: command(returns<NewSkillResult>(), ['req', objectFor<NewSkillRequest>()]),

  listCollections: command(returns<CollectionDetails[]>(), ['skillId', skillId]),
  saveRequest: command(returns<SaveRequestResult>(), ['skillId', skillId], ['input', objectFor<SaveRequestInput>()]),
  deleteRequest: command(returns<CollectionDetails>(), ['skillId', skillId], ['collectionDir', text], ['name', text]),
  runCollection: command(returns<RunReport>(), ['skillId', skillId], ['collectionDir', text], ['env', text.nullish()]),
  setEnvironment: command(returns<CollectionDetails>(), ['skillId', skillId], ['collectionDir', text], ['env', text], ['variables', object.nullable()]),
  setCollectionSecret: command(returns<CollectionDetails>(), ['skillId', skillId], ['collectionDir', text], ['env', text], ['name', text], ['value', text.nullable()]),
  maskSecrets: command(returns<unknown>(), ['skillId', skillId], ['value', anyValue]),
};
