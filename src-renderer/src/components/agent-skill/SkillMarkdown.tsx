/**
 * A skill's Markdown (SKILL.md's body, a reference) rendered as an agent's reader would see it, and safely: it is
 * text from a folder the user opened, so nothing in it may run or reach out. markdown-to-jsx builds React
 * elements (no innerHTML); raw HTML and bare addresses stay text; its sanitizer drops `javascript:` and
 * the like; links open only http(s) and mailto in a new window, and a relative link to a file of the skill opens
 * that file's layer instead; images are not loaded (their alt text is shown); headings start below the view's own.
 */
import { createElement, type ComponentProps, type ReactNode } from 'react';
import { Markdown } from 'markdown-to-jsx/react';
import { ImageOff } from 'lucide-react';
import styles from './SkillMarkdown.module.css';

/**
 * A relative link's target as a path in the skill (`forms.md`, `references/api.md`), read from the folder of the
 * file that holds it (`base`, '' for SKILL.md); null for anything else, or a path that leaves the skill.
 */
export function skillPathOf(href: string, base = ''): string | null {
  if (!href || /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('/') || href.startsWith('#') || href.startsWith('\\')) return null;
  let rel = href.replace(/[?#].*$/, '');
  try {
    rel = decodeURIComponent(rel);
  } catch {
    /* as written */
  }
  const out: string[] = base.split('/').filter(Boolean);
  for (const part of rel.replace(/\\/g, '/').split('/')) {
    if (!part || part === '.') continue;
    if (part === '..') {
      if (!out.length) return null;
      out.pop();
    } else out.push(part);
  }
  return out.length ? out.join('/') : null;
}

function SafeLink({ href = '', title, children, onOpenFile, base }: { href?: string; title?: string; children?: ReactNode; onOpenFile?(path: string): void; base?: string }) {
  if (/^(https?:|mailto:)/i.test(href)) {
    return (
      <a href={href} title={title ?? href} target="_blank" rel="noreferrer noopener">
        {children}
      </a>
    );
  }
  const rel = skillPathOf(href, base);
  if (rel && onOpenFile) {
    return (
      <button type="button" className={styles.fileLink} title={`Open ${rel} below`} onClick={() => onOpenFile(rel)} data-testid="md-file-link">
        {children}
      </button>
    );
  }
  return <span className={styles.deadLink} title={href ? `A link to ${href}` : 'A link the workbench does not follow'}>{children}</span>;
}

function NoImage({ alt, src }: { alt?: string; src?: string }) {
  return (
    <span className={styles.image} title={src ? `An image (${src}), not loaded` : 'An image, not loaded'}>
      <ImageOff size={12} aria-hidden="true" /> {alt || 'image'}
    </span>
  );
}

/** A heading one level below the view's own (the skill's name is the page's h1, the layer's title an h2), without the generated id. */
const heading = (tag: 'h3' | 'h4' | 'h5' | 'h6') =>
  function Heading({ id: _id, children, ...rest }: ComponentProps<'h3'>) {
    return createElement(tag, { ...rest, className: styles.heading }, children);
  };

const H3 = heading('h3');
const H4 = heading('h4');
const H5 = heading('h5');
const H6 = heading('h6');

/** `base`: the folder of the file, in the skill, that its relative links start from ('' for SKILL.md). */
export function SkillMarkdown({ text, onOpenFile, base = '', testId }: { text: string; onOpenFile?(path: string): void; base?: string; testId?: string }) {
  return (
    <div className={styles.markdown} data-testid={testId}>
      <Markdown
        options={{
          disableParsingRawHTML: true,
          // A bare address stays text: only a link written as one is a link.
          disableAutoLink: true,
          // The front matter, where a file has one, is shown elsewhere: here it is the text it is.
          disableFrontmatter: true,
          forceBlock: true,
          overrides: {
            a: { component: SafeLink, props: { onOpenFile, base } },
            img: NoImage,
            h1: H3,
            h2: H4,
            h3: H5,
            h4: H6,
            h5: H6,
            h6: H6,
          },
        }}
      >
        {text}
      </Markdown>
    </div>
  );
}
