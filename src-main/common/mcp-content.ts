/**
 * An MCP content block in one line, for places that show text only (the plain output of `skillbench call`, a
 * result with no text at all): text as it is, everything else as a placeholder that says what it was and how big,
 * `[image: image/png, 12 KB]`, so a part is never left out without a word.
 */
import type { McpContentBlock } from '../contract';

export function contentLine(block: McpContentBlock): string {
  switch (block?.type) {
    case 'text':
      return block.text;
    case 'image':
    case 'audio':
      return `[${block.type}: ${block.mimeType || 'unknown type'}, ${sizeOf(base64Bytes(block.data))}]`;
    case 'resource_link': {
      const extra = [block.mimeType, typeof block.size === 'number' ? sizeOf(block.size) : undefined].filter(Boolean);
      return `[resource_link: ${block.uri}${block.name && block.name !== block.uri ? ` (${block.name})` : ''}${extra.length ? `, ${extra.join(', ')}` : ''}]`;
    }
    case 'resource': {
      const r = block.resource;
      if (typeof r.text === 'string') return r.text;
      const extra = [r.mimeType, typeof r.blob === 'string' ? sizeOf(base64Bytes(r.blob)) : undefined].filter(Boolean);
      return `[resource: ${r.uri}${extra.length ? `, ${extra.join(', ')}` : ''}]`;
    }
    default:
      return `[${typeof (block as { type?: unknown })?.type === 'string' ? (block as { type: string }).type : 'unknown'} content]`;
  }
}

/** The bytes a base64 text decodes to, without decoding it. */
export function base64Bytes(data: string): number {
  const s = (data ?? '').replace(/\s+/g, '');
  const pad = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((s.length * 3) / 4) - pad);
}

/** 512 bytes, 12 KB, 3.4 MB (1 KB = 1024 bytes). */
export function sizeOf(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
