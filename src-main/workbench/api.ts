/**
 * The whole WorkbenchApi as the hosts expose it, in-process: every command through the workbench's door
 * (door.ts), its arguments checked and its answer scrubbed, as a window's call is.
 */
import type { WorkbenchApi } from '../contract';
import { apiThrough, workbenchDoor } from './door';
import type { Workbench } from './workbench';

export function workbenchApi(wb: Workbench): WorkbenchApi {
  return apiThrough(workbenchDoor(wb));
}
