/**
 * namel3ss's own error texts (its `build_guidance_message`: What happened / Why / Fix / Example), word for
 * word, for the refusals the workbench shares with it. Where the workbench has a plainer sentence, it
 * follows as a `Hint:` line under namel3ss's text: the trace keeps namel3ss's text alone, the error the
 * user sees has both.
 */

export interface N3Message {
  /** namel3ss's text, as its trace records it. */
  text: string;
  /** The workbench's plainer sentence, shown under it. */
  hint?: string;
}

export function guidance(what: string, why: string, fix: string, example: string): string {
  return `What happened: ${what}\nWhy: ${why}\nFix: ${fix}\nExample: ${example}`;
}

/** The text the user sees: namel3ss's, then the workbench's hint. */
export function shown(m: N3Message): string {
  return m.hint ? `${m.text}\nHint: ${m.hint}` : m.text;
}

export function bindingExample(tool: string, kind = 'python', entry = 'tools.my_tool:run'): string {
  return `tools:\n  "${tool}":\n    kind: "${kind}"\n    entry: "${entry}"`;
}

/** registry.get_runner */
export function unknownRunner(runner: string): string {
  return guidance(`Unknown tool runner '${runner}'.`, 'Supported runners are local, service, container, and node.', 'Update the binding runner or remove the runner field.', 'runner: "local"');
}

/** A python tool bound to the node runner, or a node tool to another than node or service. */
export function unsupportedRunner(tool: string, runner: string, kind: string): string {
  return kind === 'node'
    ? guidance(`Tool "${tool}" has unsupported runner "${runner}".`, 'Node tools must use the node or service runner.', 'Set runner to "node" or "service".', 'runner: "node"')
    : guidance(`Tool "${tool}" has unsupported runner "${runner}".`, 'Python tools cannot run on the node runner.', 'Set runner to "local", "service", or "container".', 'runner: "local"');
}

/** service_runner._resolve_service_url */
export function serviceUrlMissing(tool: string): string {
  return guidance(
    `Tool "${tool}" requires a service URL.`,
    'The binding runner is set to service, but no URL is configured.',
    'Add url to the tool binding or set N3_TOOL_SERVICE_URL.',
    `tools:\n  "${tool}":\n    kind: "python"\n    entry: "tools.my_tool:run"\n    runner: "service"\n    url: "http://127.0.0.1:8787/tools"`,
  );
}

/** entry_validation.validate_python_tool_entry_exists: `base` is the module's path without `.py`. */
export function moduleNotFound(tool: string, entry: string, base: string, sep = '/'): string {
  return guidance(`Tool "${tool}" entry module was not found (missing_tool).`, `Expected a module at ${base}.py or ${base}${sep}__init__.py.`, 'Create the module file or update the binding entry.', bindingExample(tool, 'python', entry));
}

/** service_runner._post_json, when the request fails (refused, unreachable, an HTTP error, a timeout). */
export function serviceRequestFailed(why: string): string {
  return guidance('Tool service request failed.', why, 'Check the service URL, availability, and timeout.', 'N3_TOOL_SERVICE_URL=http://127.0.0.1:8787/tools');
}

export function serviceInvalidJson(why: string): string {
  return guidance('Tool service returned invalid JSON.', why, 'Ensure the service returns JSON responses.', '{"ok": true, "result": {"value": 1}}');
}

export function serviceInvalidResponse(): string {
  return guidance('Tool service returned an invalid response.', 'Expected a JSON object with ok/result or ok/error.', 'Update the service to follow the tool runner contract.', '{"ok": true, "result": {"value": 1}}');
}

export function handshakeInvalidJson(): string {
  return guidance('Tool service handshake returned invalid JSON.', 'Expected a JSON object.', 'Update the service to follow the handshake contract.', '{"ok": true, "enforcement": "enforced", "supported_guarantees": {}}');
}

function toolExample(tool: string, kind: string): string {
  return `tool "${tool}":\n  implemented using ${kind}\n\n  input:\n    web address is text\n\n  output:\n    data is json`;
}

function packToolExample(tool: string, kind: string): string {
  return `tool "${tool}":\n  implemented using ${kind}\n\n  input:\n    text is text\n\n  output:\n    text is text`;
}

/** A tool's own error (ToolExecutionError), for the app's tools or a pack's. */
export function toolFailed(tool: string, kind: 'python' | 'node', type: string, message: string, fromPack: boolean): string {
  const label = kind === 'node' ? 'Node' : 'Python';
  return guidance(
    `${label} tool "${tool}" failed with ${type}.`,
    message || 'The tool returned an error.',
    fromPack ? 'Review the tool inputs or upgrade namel3ss if the issue persists.' : 'Fix the tool implementation in tools/ and try again.',
    fromPack ? packToolExample(tool, kind) : toolExample(tool, kind),
  );
}

/** resolution.py: no binding and no convention file. */
export function notBound(tool: string, kind: string, slug: string): string {
  return guidance(
    `Tool "${tool}" is not bound to a ${kind} entry.`,
    'Tool declarations no longer include module paths; bindings live in .namel3ss/tools.yaml.',
    `Run \`n3 tools status\` then \`n3 tools bind "${tool}" --entry "tools.${slug}:run"\`.`,
    bindingExample(tool, kind),
  );
}

/** pack_executor.pack_not_declared_message (its example is always builtin.text). */
export function packNotDeclared(tool: string, ids: string[]): string {
  return guidance(`Tool "${tool}" is provided by a pack that is not declared.`, `Available packs for this tool: ${[...new Set(ids)].sort().join(', ')}.`, 'Add the pack id to the packs block or choose a different tool.', 'packs:\\n  "builtin.text"');
}

/** executor/plan._capability_gate: http tools need `http` in the program's capabilities. */
export function capabilityRequired(tool: string, capability: string): string {
  return guidance(`Capability "${capability}" is required for tool "${tool}".`, 'Built-in backend capabilities are deny-by-default.', 'Add the capability to the app capabilities block.', `capabilities:\n  ${capability}`);
}

/** gate.gate_tool_call */
export function policyDenied(tool: string, capability: string): string {
  return `Policy denied "${capability}" for tool "${tool}".`;
}

export function nodeNotFound(why = 'The node executable was not found on PATH.'): string {
  return guidance('Node runtime was not found.', why, 'Install Node.js or add it to PATH.', 'node --version');
}

/** executor/result._unsupported_kind_error */
export function unsupportedKind(tool: string, kind: string): string {
  return guidance(
    `Tool "${tool}" has unsupported kind "${kind}".`,
    'Only python, node, http, and file tools can be called directly from flows.',
    'Declare the tool with `implemented using python`, `implemented using node`, `implemented using http`, or `implemented using file` before calling it.',
    `tool "${tool}":\n  implemented using python\n\n  input:\n    web address is text\n\n  output:\n    data is json`,
  );
}
