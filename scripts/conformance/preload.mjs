// `node --import ./scripts/conformance/preload.mjs …`: gives the conformance suite Node 22's fs.globSync on Node 20.
import fs from 'node:fs';
import { register } from 'node:module';

if (typeof fs.globSync !== 'function') register('./glob-hooks.mjs', import.meta.url);
