/**
 * Authoring for the app: doctor, new skill, saved requests and collections (the AuthoringApi half of the
 * contract), over the engine's authoring/ and qa/ modules.
 */
import type { AuthoringApi } from '../contract';
import type { Workbench } from './workbench';

export class AuthoringService implements AuthoringApi {
  constructor(readonly wb: Workbench) {}
}
