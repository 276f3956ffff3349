/**
 * The shape of an `updateSkillSettings` update, checked before anything is read or written: an update from
 * the renderer (or a hand-made call) that is not exactly this is refused whole, with the field named, and the
 * saved settings, the secrets and the running skill stay as they were.
 *
 * Bounds are far past what a person types, and low enough that one update cannot make a settings file of
 * hundreds of thousands of keys (a text where an object goes was once spread into one key per character).
 */
import type { SkillSettingsUpdate } from '../contract';
import { check, describe, z } from '../common/shape';
import { isObject } from '../common/values';
import { HOST_PROFILE_IDS } from '../common/mcp-host-profiles';

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const MAX_VARS = 1000;
const MAX_ARGS = 1000;
/** Per value: environment variables and arguments share the OS's limit of a few hundred KB for them all. */
const MAX_TEXT = 128 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

/** "__proto__" fits the pattern, but as a key it would be the object's prototype, not a variable. */
const isEnvName = (n: string) => ENV_NAME.test(n) && n !== '__proto__';
const badName = (field: string, name: unknown) => `${field}: "${String(name)}" is not a valid environment variable name: use letters, digits and _, not starting with a digit`;
const envName = (field: string) => z.string().refine(isEnvName, { error: (iss) => badName(field, iss.input) });

/** An object of variable names to texts, its size checked before any key is looked at. */
function envMap(field: string, value: z.ZodString) {
  return z
    .custom<Record<string, unknown>>((v) => isObject(v), { error: (iss) => `"${field}" must be an object of names and texts (got ${describe(iss.input)})` })
    .refine((v) => Object.keys(v).length <= MAX_VARS, { error: `"${field}" can hold at most ${MAX_VARS} variables`, abort: true })
    // Names are checked here rather than by the record's key schema, whose refusal would not say which name.
    .refine((v) => Object.keys(v).every(isEnvName), { error: (iss) => badName(`"${field}"`, Object.keys(iss.input as object).find((n) => !isEnvName(n))), abort: true })
    .pipe(z.record(z.string(), value));
}

const flag = (field: string, label: string) => z.boolean({ error: (iss) => `"${field}": "${label}" must be on or off (true or false, got ${describe(iss.input)})` });
const positive = (field: string, what: string, max: number) =>
  z.number({ error: (iss) => `"${field}" must be ${what} (got ${describe(iss.input)})` }).positive({ error: `"${field}" must be ${what}` }).max(max, { error: `"${field}" must be at most ${max}` });

const UPDATE = z.strictObject(
  {
    timeoutMs: positive('timeoutMs', 'a positive number of milliseconds (the timeout)', DAY_MS).optional(),
    maxLineBytes: z
      .int({ error: (iss) => `"maxLineBytes" must be a whole number of bytes, the line limit (got ${describe(iss.input)})` })
      .min(1024, { error: '"maxLineBytes": the line limit must be at least 1024 bytes' })
      .max(2 ** 31 - 1, { error: '"maxLineBytes": the line limit must be under 2 GiB' })
      .optional(),
    env: envMap('env', z.string({ error: (iss) => `"env.${String(iss.path?.at(-1))}" must be text (got ${describe(iss.input)})` }).max(MAX_TEXT, { error: `"env": a value can be at most ${MAX_TEXT} characters` })).optional(),
    secretEnv: z.array(envName('"secretEnv"'), { error: (iss) => `"secretEnv" must be a list of variable names (got ${describe(iss.input)})` }).max(MAX_VARS, { error: `"secretEnv" can hold at most ${MAX_VARS} names` }).optional(),
    args: z
      .array(
        z
          .string({ error: (iss) => `"args": the arguments must be a list of texts (item ${Number(iss.path?.at(-1)) + 1} is ${describe(iss.input)})` })
          .max(MAX_TEXT, { error: `"args": an argument can be at most ${MAX_TEXT} characters` })
          .refine((a) => !a.includes('\0'), { error: '"args": an argument cannot contain a NUL character' }),
        { error: (iss) => `"args": the arguments must be a list of texts (got ${describe(iss.input)})` },
      )
      .max(MAX_ARGS, { error: `"args" can hold at most ${MAX_ARGS} arguments` })
      .optional(),
    hotReload: flag('hotReload', 'Restart when files change').optional(),
    debug: flag('debug', 'Debug').optional(),
    inheritEnv: flag('inheritEnv', 'Inherit the whole environment').optional(),
    hostParity: flag('hostParity', 'Behave as the real host').optional(),
    confine: flag('confine', 'Confine this skill').optional(),
    confineNetwork: flag('confineNetwork', 'Allow the network when confined').optional(),
    hostProfile: z
      .string({ error: (iss) => `"hostProfile" must be a host profile's id, or "" to connect as the workbench (got ${describe(iss.input)})` })
      .refine((id) => id === '' || HOST_PROFILE_IDS.includes(id), { error: (iss) => `"hostProfile": there is no host profile "${String(iss.input)}" (there are ${HOST_PROFILE_IDS.join(', ')})` })
      .optional(),
    history: z
      .strictObject(
        {
          maxMb: positive('history.maxMb', 'a positive number of MB (the history limits)', 1024 * 1024),
          maxDays: positive('history.maxDays', 'a positive number of days (the history limits)', 100 * 365),
        },
        { error: (iss) => (iss.code === 'unrecognized_keys' ? `"history" has no setting "${iss.keys[0]}": the history limits are maxMb and maxDays` : `"history": the history limits must be a positive number of MB and of days (got ${describe(iss.input)})`) },
      )
      .optional(),
    secretValues: envMap('secretValues', z.string({ error: (iss) => `"secretValues.${String(iss.path?.at(-1))}": give the secret a value as text, or remove it (got ${describe(iss.input)})` }).min(1, { error: (iss) => `"secretValues.${String(iss.path?.at(-1))}": give the secret a value, or remove it` }).max(MAX_TEXT, { error: `"secretValues": a secret can be at most ${MAX_TEXT} characters` })).optional(),
  },
  {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? `"${iss.keys[0]}" is not a skill setting (they are timeoutMs, maxLineBytes, env, secretEnv, args, hotReload, debug, inheritEnv, hostParity, confine, confineNetwork, hostProfile, history, secretValues)`
        : `The settings update must be an object of settings (got ${describe(iss.input)})`,
  },
);

/** The update as checked, or an error naming the first field that is wrong; nothing is changed by a refusal. */
export function parseSettingsUpdate(update: unknown): SkillSettingsUpdate {
  const r = check(UPDATE, update);
  if (!r.ok) throw new Error(`The settings were not changed: ${r.problem}.`);
  return r.value;
}
