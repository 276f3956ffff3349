// Module hooks: the conformance package's `import … from "fs"` gets fs-glob.mjs (fs plus globSync).
const shim = new URL('./fs-glob.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  const fromSuite = context.parentURL?.includes('/@modelcontextprotocol/conformance/');
  if (fromSuite && (specifier === 'fs' || specifier === 'node:fs')) return { url: shim, shortCircuit: true };
  return next(specifier, context);
}
