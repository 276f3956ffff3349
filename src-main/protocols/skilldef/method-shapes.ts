/** Shapes shared by the SkillDefinition method declarations (methods.ts and newer-methods.ts). */
import { z } from '../../common/shape';

/** Lifecycle hooks may do real work (load, tick, sessions): they get longer than a plain request. */
export const HOOK_TIMEOUT_MS = 30_000;
export const none = z.object({});
export const anything = z.unknown();

/** A list of which entries that do not fit are skipped. */
export const namedOnly = <T extends z.ZodType>(item: T) =>
  z
    .array(z.unknown())
    .catch([])
    .transform((xs) => xs.flatMap((x) => { const r = item.safeParse(x); return r.success ? [r.data] : []; }));
