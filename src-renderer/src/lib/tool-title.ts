import type { ToolInfo } from '@contract';

/**
 * The name to show beside a tool's own name: its `title`, else the title its annotations give (the spec's order of
 * precedence for display). Derived here, for display only: the tool model keeps the server's fields as they were.
 */
export function displayTitle(tool: Pick<ToolInfo, 'name' | 'title' | 'annotations'>): string | undefined {
  const title = tool.title ?? tool.annotations?.title;
  return title && title !== tool.name ? title : undefined;
}
