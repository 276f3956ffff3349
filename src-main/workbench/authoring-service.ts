/**
 * Authoring for the app: doctor, new skill, saved requests and collections (the AuthoringApi half of the
 * contract), over the engine's authoring/ and qa/ modules.
 *
 * The browser bridge is reachable by any page holding the token, so nothing the renderer sends is taken
 * as a path as it stands: a new skill goes into an open workspace folder (or one inside it, or one the
 * native picker returned), a collection must be one this skill has, and names are checked before they
 * become file names.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {
  Assertion,
  AuthoringApi,
  CollectionDetails,
  DoctorReport,
  NewSkillRequest,
  NewSkillResult,
  RunReport,
  SavedRequest,
  SaveRequestInput,
  SaveRequestResult,
} from '../contract';
import { collectionDetails, collectionPlaces, existingFolder, isWithin, rememberFolder, type CollectionPlace } from '../authoring/collection-places';
import { runDoctor as doctor } from '../authoring/doctor';
import { createSkill as writeSkill, skillNameProblem, TEMPLATE_PROTOCOLS } from '../authoring/new-skill';
import { skillFolder } from '../host/workbench-home';
import { resolveSkill } from '../protocols/discover';
import { runCollection as runCollectionWith } from '../qa/collection-runner';
import {
  collectionNameProblem,
  collectionsDir,
  deleteRequest as removeRequest,
  deleteSecretVariable,
  loadCollection,
  saveCollection,
  saveRequest as writeRequest,
  setSecretVariable,
} from '../qa/collections';
import { parseWith, plainObject, says, z } from '../common/shape';
import { settingsEnvNames } from '../runtime/skill-settings';
import type { SkillHost } from './skill-host';

const MAX_REQUEST_NAME = 100;

// ---- What the renderer sends, checked (it may be any page holding the token) ----

const newSkillRequest = z.object(
  {
    protocol: z.enum(TEMPLATE_PROTOCOLS, says(`Choose a protocol for the skill: one of ${TEMPLATE_PROTOCOLS.join(', ')}.`)),
    name: z.string(says('A skill needs a name.')).superRefine((name, ctx) => {
      const problem = skillNameProblem(name);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    parent: z.unknown().optional(),
  },
  says(`Choose a protocol for the skill: one of ${TEMPLATE_PROTOCOLS.join(', ')}.`),
);

const requestName = says('Give the request a name, such as "swap at 30 gwei".');
const requestInput = z.object(
  {
    name: z
      .string(requestName)
      .transform((n) => n.trim())
      .refine((n) => n !== '', requestName)
      .refine((n) => n.length <= MAX_REQUEST_NAME, says(`Keep the request's name to ${MAX_REQUEST_NAME} characters.`))
      // eslint-disable-next-line no-control-regex -- a request name refuses control characters
      .refine((n) => !/[\u0000-\u001f\u007f]/.test(n), says('A request name is one line of text, without control characters.')),
    tool: z.string(says('Say which tool the request calls.')).min(1, says('Say which tool the request calls.')),
    args: z
      .unknown()
      .optional()
      .transform((a) => a ?? {}),
    // Passed through here, and checked with the rest of the request when it is written (qa/collections.ts).
    assertions: z.array(z.custom<Assertion>()).optional().catch(undefined),
    timeoutMs: z.custom<number>().optional(),
  },
  says('There is no request to save.'),
);

const variablesShape = plainObject(says('Variables are a JSON object of names and values, like {"price": 30}.'));
const secretValue = z.string(says('Give the secret a value (it is stored encrypted and not shown again).')).min(1, says('Give the secret a value (it is stored encrypted and not shown again).'));
const envName = z.string(says('Name the environment to run with.')).nullish();

/** The renderer's value checked against `schema`, or an Error with the schema's sentence. */
function fromRenderer<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  return parseWith(schema, value, (problem) => new Error(problem));
}

export class AuthoringService implements AuthoringApi {
  constructor(readonly wb: SkillHost) {}

  async runDoctor(skillId: string): Promise<DoctorReport> {
    const ref = this.wb.skillRef(skillId);
    // Whoever reads this report hears when the files change, so it need never go stale.
    this.wb.observeFiles(skillId);
    // The live check starts the skill: only for a skill the user started, never for one they only opened.
    const live = this.wb.userStarted(skillId);
    return doctor(ref.dir, { skill: ref.name, protocol: ref.protocol, home: this.wb.home, live, settingsEnv: () => settingsEnvNames(skillFolder(this.wb.home, skillId)) });
  }

  async createSkill(req: NewSkillRequest): Promise<NewSkillResult> {
    const { protocol, name } = fromRenderer(newSkillRequest, req ?? {});
    const parent = existingFolder(req.parent, 'to create the skill in');
    const open = (await this.wb.getWorkspace()).folders.map(realOrSelf);
    const inWorkspace = open.some((f) => isWithin(f, parent));
    if (!inWorkspace && !this.wb.wasPicked(req.parent)) {
      throw new Error(`${req.parent} is not one of the open folders. Create the skill in an open folder (or a folder inside one), or open the folder first.`);
    }
    const made = writeSkill({ folder: path.join(parent, name), protocol, name });
    if (inWorkspace) await this.wb.refreshSkills();
    else await this.wb.addFolder(made.dir);
    const skills = await this.wb.listSkills();
    const found = skills.find((s) => realOrSelf(s.dir) === made.dir && s.protocol === protocol);
    if (!found) throw new Error(`The skill was written to ${made.dir}, but the workbench does not find it there. Open that folder to see why.`);
    await this.wb.selectSkill(found.id);
    return { skillId: found.id, name: made.name, protocol, dir: made.dir, files: made.files };
  }

  async listCollections(skillId: string): Promise<CollectionDetails[]> {
    return this.places(skillId).map((p) => collectionDetails(this.wb.stores.secrets, p));
  }

  async saveRequest(skillId: string, input: SaveRequestInput): Promise<SaveRequestResult> {
    const request = this.checkRequest(skillId, input?.request);
    const target = input?.collection;
    if (!target || typeof target !== 'object') throw new Error('Choose a collection to save the request in, or name a new one.');
    const place = 'dir' in target ? this.place(skillId, target.dir) : this.newCollection(skillId, target.name, target.folder);
    const file = writeRequest(place.dir, request);
    return { collection: collectionDetails(this.wb.stores.secrets, place), file };
  }

  async deleteRequest(skillId: string, collectionDir: string, name: string): Promise<CollectionDetails> {
    const place = this.place(skillId, collectionDir);
    if (!removeRequest(place.dir, name)) throw new Error(`There is no request "${name}" in this collection.`);
    return collectionDetails(this.wb.stores.secrets, place);
  }

  async runCollection(skillId: string, collectionDir: string, env?: string | null): Promise<RunReport> {
    const place = this.place(skillId, collectionDir);
    fromRenderer(envName, env);
    await this.wb.reloadSettled(skillId);
    const runtime = await this.wb.liveRuntime(skillId);
    return runCollectionWith(place.dir, { env: env ?? undefined, home: this.wb.home, runtime });
  }

  async setEnvironment(skillId: string, collectionDir: string, env: string, variables: Record<string, unknown> | null): Promise<CollectionDetails> {
    const place = this.place(skillId, collectionDir);
    const envProblem = collectionNameProblem(env, 'an environment');
    if (envProblem) throw new Error(envProblem);
    const c = loadCollection(place.dir);
    const environments = { ...c.environments };
    if (variables === null) {
      delete environments[env];
      for (const name of c.secrets) deleteSecretVariable(this.wb.stores.secrets, c.dir, env, name);
    } else {
      fromRenderer(variablesShape, variables);
      for (const name of Object.keys(variables)) {
        const problem = collectionNameProblem(name, 'a variable');
        if (problem) throw new Error(problem);
        if (c.secrets.includes(name)) throw new Error(`"${name}" is a secret of this collection: set its value as a secret, not as a plain variable.`);
      }
      environments[env] = variables;
    }
    saveCollection(c.dir, { ...c, environments });
    return collectionDetails(this.wb.stores.secrets, place);
  }

  async setCollectionSecret(skillId: string, collectionDir: string, env: string, name: string, value: string | null): Promise<CollectionDetails> {
    const place = this.place(skillId, collectionDir);
    for (const [v, what] of [[env, 'an environment'], [name, 'a secret']] as const) {
      const problem = collectionNameProblem(v, what);
      if (problem) throw new Error(problem);
    }
    if (value === null) {
      deleteSecretVariable(this.wb.stores.secrets, place.dir, env, name);
      return collectionDetails(this.wb.stores.secrets, place);
    }
    fromRenderer(secretValue, value);
    // A name is plain or secret, never both: turning a variable into a secret takes it out of the files.
    const c = loadCollection(place.dir);
    if (Object.values(c.environments).some((vars) => name in vars)) {
      const environments = Object.fromEntries(Object.entries(c.environments).map(([e, vars]) => [e, withoutKey(vars, name)]));
      saveCollection(c.dir, { ...c, environments });
    }
    setSecretVariable(this.wb.stores.secrets, place.dir, env, name, value);
    return collectionDetails(this.wb.stores.secrets, place);
  }

  async maskSecrets(skillId: string, value: unknown): Promise<unknown> {
    return this.wb.redact(skillId, value);
  }

  // ---- internals ----

  private places(skillId: string): CollectionPlace[] {
    return collectionPlaces(this.wb.home, skillId, this.wb.skillRef(skillId).dir);
  }

  /** One of the skill's collections, by the folder the renderer sent; anything else is refused. */
  private place(skillId: string, dir: unknown): CollectionPlace {
    const want = typeof dir === 'string' && path.isAbsolute(dir) ? realOrSelf(dir) : null;
    const found = want && this.places(skillId).find((p) => realOrSelf(p.dir) === want);
    if (!found) throw new Error(`${String(dir)} is not a collection of ${this.wb.skillRef(skillId).name}. Choose one from its Saved list.`);
    return found;
  }

  /** A new collection (or the existing one of that name), in the skill's folder or in `folder`. */
  private newCollection(skillId: string, name: string, folder?: string): CollectionPlace {
    const problem = collectionNameProblem(name);
    if (problem) throw new Error(problem);
    const ref = this.wb.skillRef(skillId);
    const parent = folder === undefined || folder === '' ? collectionsDir(ref.dir) : existingFolder(folder, 'to keep the collection in');
    const dir = path.join(parent, name);
    const existing = this.places(skillId).find((p) => realOrSelf(p.dir) === realOrSelf(dir));
    if (existing) return existing;
    const outside = folder !== undefined && folder !== '';
    if (outside && this.isCollectionOf(dir, ref.dir)) {
      // A collection of this skill that came another way (a teammate's, from git): adopt it.
      rememberFolder(this.wb.home, skillId, dir);
      return { dir, place: 'folder' };
    }
    if (fs.existsSync(dir) && (!fs.statSync(dir).isDirectory() || fs.readdirSync(dir).length)) {
      throw new Error(`${dir} already exists and is not a collection of ${ref.name}. Choose another name or folder.`);
    }
    saveCollection(dir, {
      name,
      skill: outside ? path.relative(dir, ref.dir) || '.' : undefined,
      skillName: this.needsSkillName(ref.dir, ref.name) ? ref.name : undefined,
      environments: {},
      secrets: [],
    });
    if (outside) rememberFolder(this.wb.home, skillId, dir);
    return { dir, place: outside ? 'folder' : 'skill' };
  }

  private isCollectionOf(dir: string, skillDir: string): boolean {
    try {
      const own = loadCollection(dir).skillPath;
      return !!own && realOrSelf(own) === realOrSelf(skillDir);
    } catch {
      return false;
    }
  }

  /** True where the skill's folder alone does not say which skill runs it (an agent with several). */
  private needsSkillName(dir: string, name: string): boolean {
    try {
      return resolveSkill(dir).name !== name;
    } catch {
      return true;
    }
  }

  private checkRequest(skillId: string, r: SavedRequest | undefined): SavedRequest {
    const { name, tool, args, assertions, timeoutMs } = fromRenderer(requestInput, r);
    const tools = this.wb.knownInfo(skillId)?.tools.map((t) => t.name);
    if (tools && !tools.includes(tool)) throw new Error(`${this.wb.skillRef(skillId).name} has no tool "${tool}".`);
    // Saved files are for git: a value this workbench knows as a secret must not end up in one.
    if (JSON.stringify(this.wb.redact(skillId, args)) !== JSON.stringify(args)) {
      throw new Error('These arguments hold a value the workbench keeps as a secret. Save it as a secret variable of the collection and write {{name}} in its place.');
    }
    const out: SavedRequest = { name, tool, args, assertions: assertions ?? [] };
    if (timeoutMs !== undefined) out.timeoutMs = timeoutMs;
    return out;
  }
}

function realOrSelf(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

function withoutKey(o: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _gone, ...rest } = o;
  return rest;
}
