/**
 * RFC 6570 URI templates as MCP servers use them: the variables a template names, and the address they
 * make once filled in (simple `{x}`, reserved `{+x}`, fragment `{#x}`, path `{/x}`, label `{.x}`, query `{?x,y}` and `{&x}`).
 */
const EXPR = /\{([+#./;?&]?)([^}]+)\}/g;

export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const m of template.matchAll(EXPR)) {
    for (const part of m[2].split(',')) {
      const name = part.replace(/[*]$|:\d+$/, '').trim();
      if (name && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

export function expandTemplate(template: string, values: Record<string, string>): string {
  return template.replace(EXPR, (_all, op: string, list: string) => {
    const names = list.split(',').map((p) => p.replace(/[*]$|:\d+$/, '').trim());
    const given = names.filter((n) => values[n] !== undefined && values[n] !== '');
    const enc = (v: string) => (op === '+' || op === '#' ? encodeURI(v) : encodeURIComponent(v));
    if (!given.length) return '';
    switch (op) {
      case '?':
      case '&':
        return op + given.map((n) => `${n}=${enc(values[n])}`).join('&');
      case ';':
        return given.map((n) => `;${n}=${enc(values[n])}`).join('');
      case '/':
      case '.':
      case '#':
        return op + given.map((n) => enc(values[n])).join(op === '#' ? ',' : op);
      default:
        return given.map((n) => enc(values[n])).join(',');
    }
  });
}
