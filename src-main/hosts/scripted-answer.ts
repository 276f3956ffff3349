/**
 * The proxy's own answer where no model was chosen: one assistant text that calls no tool, in the Anthropic
 * Messages format, whole or as the Server-Sent Events a streamed request asks for. A host given it ends its turn,
 * so what it sends (its first request) can be seen without a key or a network.
 */
export const SCRIPTED_TEXT = "No model was chosen for this run, so the workbench's proxy answered: nothing to do.";

export function scriptedMessage(model: string, text = SCRIPTED_TEXT): Response {
  const body = {
    id: 'msg_skillbench_proxy',
    type: 'message',
    role: 'assistant',
    model,
    content: [{ type: 'text', text }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 0, output_tokens: 0 },
  };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

export function scriptedStream(model: string, text = SCRIPTED_TEXT): Response {
  const events: [string, Record<string, unknown>][] = [
    ['message_start', { message: { id: 'msg_skillbench_proxy', type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 0, output_tokens: 0 } } }],
    ['content_block_start', { index: 0, content_block: { type: 'text', text: '' } }],
    ['content_block_delta', { index: 0, delta: { type: 'text_delta', text } }],
    ['content_block_stop', { index: 0 }],
    ['message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 0 } }],
    ['message_stop', {}],
  ];
  const sse = events.map(([type, data]) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`).join('');
  return new Response(sse, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}
