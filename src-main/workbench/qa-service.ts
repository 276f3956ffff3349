/**
 * Recordings, replay and reports for the app: the QaApi half of the contract, over the engine's qa/ modules.
 */
import type { QaApi } from '../contract';
import type { Workbench } from './workbench';

export class QaService implements QaApi {
  constructor(readonly wb: Workbench) {}
}
