/** The renderer's form-schema normaliser: Pydantic's shapes made into what the form shows well, accepting the same values. */
import { describe, expect, it } from 'vitest';
import { prepareFormSchema, takesNoArguments } from '../src-main/common/form-schema';
import { validateValue } from '../src-main/common/json-schema';

/** What Pydantic 2 writes for a tool's arguments (model_json_schema of a model with these fields). */
const pydantic = () => ({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $defs: {
    Address: { properties: { street: { title: 'Street', type: 'string' } }, required: ['street'], title: 'Address', type: 'object' },
  },
  properties: {
    name: { title: 'Name', type: 'string' },
    age: { anyOf: [{ type: 'integer' }, { type: 'null' }], default: null, title: 'Age' },
    colour: { anyOf: [{ enum: ['red', 'green'], type: 'string' }, { type: 'null' }], default: null, title: 'Colour' },
    home: { allOf: [{ $ref: '#/$defs/Address' }], default: { street: 'Main' }, description: 'Where they live' },
    work: { anyOf: [{ $ref: '#/$defs/Address' }, { type: 'null' }], default: null },
    tags: { anyOf: [{ items: { type: 'string' }, type: 'array' }, { type: 'null' }] },
    limits: { properties: { low: { type: 'number' } } },
  },
  required: ['name'],
  title: 'greetArguments',
  type: 'object',
});

describe('prepareFormSchema', () => {
  const prepared = prepareFormSchema(pydantic());
  const props = prepared.properties as Record<string, Record<string, unknown>>;

  it('drops the root title and $schema, and keeps $defs and required', () => {
    expect(prepared.title).toBeUndefined();
    expect(prepared.$schema).toBeUndefined();
    expect(prepared.required).toEqual(['name']);
    expect(prepared.$defs).toEqual(pydantic().$defs);
  });

  it('turns an optional scalar into one input with a nullable type', () => {
    expect(props.age).toEqual({ type: ['integer', 'null'], default: null, title: 'Age' });
    expect(props.colour).toEqual({ type: ['string', 'null'], enum: ['red', 'green', null], default: null, title: 'Colour' });
  });

  it('keeps the choice for optional objects, lists and references, in words a person reads', () => {
    expect(props.work.anyOf).toEqual([{ $ref: '#/$defs/Address' }, { type: 'null', title: 'Leave empty' }]);
    expect(props.tags.anyOf).toEqual([
      { items: { type: 'string' }, type: 'array', title: 'Set a value' },
      { type: 'null', title: 'Leave empty' },
    ]);
  });

  it('unwraps a one-element allOf around a $ref, keeping the default and description', () => {
    expect(props.home).toEqual({ $ref: '#/$defs/Address', default: { street: 'Main' }, description: 'Where they live' });
  });

  it('keeps an allOf whose member clashes with the field, and types an object that only has properties', () => {
    const s = prepareFormSchema({ properties: { n: { allOf: [{ type: 'string' }], type: 'integer' } } });
    expect(s.type).toBe('object');
    expect((s.properties as Record<string, unknown>).n).toEqual({ allOf: [{ type: 'string' }], type: 'integer' });
    expect(props.limits.type).toBe('object');
  });

  it('gives a root without a type "object", unless the root is a union or a reference', () => {
    expect(prepareFormSchema(null)).toEqual({ type: 'object' });
    expect(prepareFormSchema({ anyOf: [{ type: 'string' }, { type: 'integer' }] }).type).toBeUndefined();
    expect(prepareFormSchema({ $ref: '#/$defs/X', $defs: { X: { type: 'string' } } }).type).toBeUndefined();
  });

  it('leaves the schema it was given as it was', () => {
    const original = pydantic();
    prepareFormSchema(original);
    expect(original).toEqual(pydantic());
  });

  it('accepts and refuses the same arguments as the schema it came from', () => {
    const samples: unknown[] = [
      { name: 'Ada' },
      { name: 'Ada', age: 36, colour: 'red', home: { street: 'Elm' }, work: null, tags: ['a'] },
      { name: 'Ada', age: null, colour: null, tags: null },
      { name: 'Ada', age: 'old' },
      { name: 'Ada', colour: 'blue' },
      { name: 'Ada', home: {} },
      { name: 'Ada', work: { street: 3 } },
      { age: 3 },
    ];
    for (const value of samples) {
      const before = validateValue(pydantic(), value).length === 0;
      expect(validateValue(prepared, value).length === 0, JSON.stringify(value)).toBe(before);
    }
    // Both kinds occur above, so the comparison cannot pass by accepting (or refusing) everything.
    expect(samples.map((v) => validateValue(prepared, v).length === 0)).toEqual([true, true, true, false, false, false, false, false]);
  });
});

describe('takesNoArguments', () => {
  it('is true only for an empty object schema', () => {
    expect(takesNoArguments(undefined)).toBe(true);
    expect(takesNoArguments({})).toBe(true);
    expect(takesNoArguments({ type: 'object', properties: {} })).toBe(true);
    expect(takesNoArguments({ type: 'object', properties: { a: { type: 'string' } } })).toBe(false);
    expect(takesNoArguments({ type: 'object', additionalProperties: true })).toBe(false);
    expect(takesNoArguments({ type: 'object', patternProperties: { '^x': {} } })).toBe(false);
    expect(takesNoArguments({ $ref: '#/$defs/A' })).toBe(false);
    expect(takesNoArguments({ type: 'string' })).toBe(false);
  });
});
