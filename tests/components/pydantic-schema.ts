/** What Pydantic 2 writes for a tool's arguments: $defs, Optional[...] as anyOf with null, a default through allOf. */
export const pydanticSchema = () => ({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $defs: {
    Address: {
      properties: { street: { title: 'Street', type: 'string' }, city: { title: 'City', type: 'string', default: 'Oslo' } },
      required: ['street'],
      title: 'Address',
      type: 'object',
    },
  },
  properties: {
    name: { title: 'Name', type: 'string', description: 'Who to greet' },
    age: { anyOf: [{ type: 'integer' }, { type: 'null' }], default: null, title: 'Age' },
    colour: { anyOf: [{ enum: ['red', 'green'], type: 'string' }, { type: 'null' }], default: null, title: 'Colour' },
    home: { allOf: [{ $ref: '#/$defs/Address' }], default: { street: 'Main' }, description: 'Where they live' },
    work: { anyOf: [{ $ref: '#/$defs/Address' }, { type: 'null' }], default: null, title: 'Work' },
    tags: { anyOf: [{ items: { type: 'string' }, type: 'array' }, { type: 'null' }], default: null, title: 'Tags' },
  },
  required: ['name'],
  title: 'greetArguments',
  type: 'object',
});
