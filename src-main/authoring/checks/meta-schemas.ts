/**
 * Whether a tool's input schema is valid JSON Schema, by the workbench's one validator (@cfworker/json-schema, as
 * common/json-schema.ts uses it for values) against the meta-schema of the draft its `$schema` names. The
 * meta-schemas are files we ship (resources/json-schema): nothing is fetched.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Validator, type OutputUnit, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import { resourcesDir } from '../../host/paths';

interface Draft {
  draft: SchemaDraft;
  main: string;
  vocabularies: string[];
}

const DRAFTS: Record<'7' | '2019-09' | '2020-12', Draft> = {
  '7': { draft: '7', main: 'draft-07.json', vocabularies: [] },
  '2019-09': { draft: '2019-09', main: '2019-09/schema.json', vocabularies: ['applicator', 'content', 'core', 'format', 'meta-data', 'validation'].map((v) => `2019-09/${v}.json`) },
  '2020-12': {
    draft: '2020-12',
    main: '2020-12/schema.json',
    vocabularies: ['applicator', 'content', 'core', 'format-annotation', 'meta-data', 'unevaluated', 'validation'].map((v) => `2020-12/${v}.json`),
  },
};

const validators = new Map<string, Validator>();

function read(file: string): Schema {
  return JSON.parse(fs.readFileSync(path.join(resourcesDir(), 'json-schema', file), 'utf8')) as Schema;
}

/** The draft a `$schema` names: 2019-09 and 2020-12 by name, anything else (07, 06, 04, none) as draft-07. */
export function draftOf(metaUri: string): keyof typeof DRAFTS {
  return /2020-12/.test(metaUri) ? '2020-12' : /2019-09/.test(metaUri) ? '2019-09' : '7';
}

function metaValidator(key: keyof typeof DRAFTS): Validator {
  let v = validators.get(key);
  if (!v) {
    const d = DRAFTS[key];
    v = new Validator(read(d.main), d.draft, false);
    for (const vocabulary of d.vocabularies) v.addSchema(read(vocabulary));
    validators.set(key, v);
  }
  return v;
}

/** The meta-schema's complaints about a schema (empty when it is valid JSON Schema of its draft). */
export function metaErrors(schema: object, metaUri: string): OutputUnit[] {
  const result = metaValidator(draftOf(metaUri)).validate(schema);
  return result.valid ? [] : result.errors;
}
