/** The renderer's schema validator: the validator's raw output mapped to one plain problem per field. */
import { describe, expect, it } from 'vitest';
import { describePath, validateValue } from '../src-main/common/json-schema';
import { rjsfValidator } from '../src-renderer/src/lib/schema-validator';

const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra });
/** Problems as `property: message`, the way a person sees them beside the fields. */
const said = (schema: unknown, value: unknown) => validateValue(schema, value).map((p) => `${p.property}: ${p.message}`);

describe('validateValue', () => {
  it('finds nothing wrong with a valid value', () => {
    expect(validateValue(obj({ n: { type: 'integer' } }, { required: ['n'] }), { n: 3 })).toEqual([]);
  });

  it('puts a missing required field at the field itself, with its keyword and schema place', () => {
    expect(validateValue(obj({ name: { type: 'string' } }, { required: ['name'] }), {})).toEqual([
      { property: '.name', message: 'Required', keyword: 'required', schemaPath: '#/required' },
    ]);
  });

  it('says what a field must be, in plain words', () => {
    const schema = obj({
      count: { type: 'integer' },
      price: { type: 'number', minimum: 0 },
      above: { type: 'number', exclusiveMinimum: 0 },
      word: { type: 'string', minLength: 1, maxLength: 3 },
      pick: { enum: ['a', 'b'] },
      mail: { type: 'string', format: 'email' },
      list: { type: 'array', minItems: 2, uniqueItems: true },
    });
    expect(said(schema, { count: true, price: 'cheap', above: 0, word: '', pick: 'c', mail: 'nobody', list: [1] })).toEqual([
      '.count: Must be a whole number',
      '.price: Not a number',
      '.above: Must be more than 0',
      '.word: Cannot be empty',
      '.pick: Must be one of: a, b',
      '.mail: Must be a valid email address',
      '.list: Add at least 2 items',
    ]);
    expect(said(schema, { word: 'long', price: -1, list: [1, 1] })).toEqual([
      '.price: Must be 0 or more',
      '.word: Must be at most 3 characters',
      '.list: Items must all be different',
    ]);
  });

  it('reads draft-04 exclusive bounds from the $schema', () => {
    const schema = { $schema: 'http://json-schema.org/draft-04/schema#', ...obj({ n: { type: 'number', minimum: 0, exclusiveMinimum: true } }) };
    expect(said(schema, { n: 0 })).toEqual(['.n: Must be more than 0']);
  });

  it('names an unexpected field once, not again for the false schema behind it', () => {
    expect(said(obj({ a: { type: 'string' } }, { additionalProperties: false }), { a: 'x', extra: 1 })).toEqual(['.extra: Not a field this tool expects']);
  });

  it('reports an optional field by its real branch, not as a failed union', () => {
    const schema = obj({ age: { anyOf: [{ type: 'integer' }, { type: 'null' }] } });
    expect(said(schema, { age: 'old' })).toEqual(['.age: Not a number']);
    expect(said(schema, { age: null })).toEqual([]);
  });

  it('picks the union branch with the fewest problems', () => {
    const schema = obj({
      shape: {
        anyOf: [
          obj({ r: { type: 'number' }, unit: { type: 'string' } }, { required: ['r', 'unit'] }),
          obj({ w: { type: 'number' }, h: { type: 'number' } }, { required: ['w', 'h'] }),
        ],
      },
    });
    // A circle lacks two fields, a rectangle one: the rectangle is what was meant.
    expect(said(schema, { shape: { w: 2 } })).toEqual(['.shape.h: Required']);
    expect(said(schema, { shape: { unit: 'cm' } })).toEqual(['.shape.r: Required']);
  });

  it('follows $ref into $defs to find the place and its words', () => {
    const schema = {
      $defs: { Address: obj({ street: { type: 'string', minLength: 1 } }, { required: ['street'] }) },
      ...obj({ home: { $ref: '#/$defs/Address' } }),
    };
    expect(said(schema, { home: {} })).toEqual(['.home.street: Required']);
    expect(said(schema, { home: { street: '' } })).toEqual(['.home.street: Cannot be empty']);
  });

  it('unescapes ~1 and ~0 in field names', () => {
    const schema = obj({ 'a/b': { type: 'string' }, 'c~d': { type: 'string' } });
    expect(said(schema, { 'a/b': 1, 'c~d': 2 })).toEqual(['.a/b: Must be text', '.c~d: Must be text']);
  });

  it('says when a field is required by another', () => {
    const schema = obj({ card: { type: 'string' }, cvc: { type: 'string' } }, { dependentRequired: { card: ['cvc'] } });
    expect(said(schema, { card: '4111' })).toEqual(['.cvc: Required when “card” is set']);
  });

  it('never throws: a schema it cannot use is one problem for the whole value', () => {
    const problems = validateValue(obj({ a: { $ref: '#/$defs/Nowhere' } }), { a: 1 });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ property: '', keyword: 'schema' });
    expect(problems[0].message).toMatch(/^The tool’s schema could not be used: /);
    expect(validateValue(undefined, { a: 1 })).toEqual([]);
  });
});

describe('the rjsf adapter', () => {
  it('gives rjsf the same problems, with a readable stack and an error schema per field', () => {
    const schema = obj({ addr: obj({ street: { type: 'string' } }, { required: ['street'] }) });
    const { errors, errorSchema } = rjsfValidator.validateFormData({ addr: {} }, schema as never);
    expect(errors).toEqual([
      { name: 'required', property: '.addr.street', message: 'Required', params: {}, stack: 'addr › street: Required', schemaPath: '#/properties/addr/required' },
    ]);
    expect(errorSchema).toEqual({ addr: { street: { __errors: ['Required'] } } });
    expect(rjsfValidator.isValid(schema as never, { addr: { street: 'Elm' } }, schema as never)).toBe(true);
    expect(rjsfValidator.isValid(schema as never, { addr: {} }, schema as never)).toBe(false);
  });
});

describe('describePath', () => {
  it('writes a dotted path for people', () => {
    expect(describePath('.addr.street')).toBe('addr › street');
    expect(describePath('')).toBe('the arguments');
  });
});
