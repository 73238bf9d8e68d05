import { memo, type ReactNode } from 'react';
import { parseMarkup, type MarkupNode } from '../../../../shared/domain/markup';
import { foldForSearch } from '../../../../shared/domain/messages';

/**
 * Splits `text` around case- and accent-insensitive matches of `needle` (already folded) and marks
 * them. Folding keeps length for the Latin letters customers type, so indexes map back.
 */
function highlight(text: string, needle: string, keyPrefix: string): ReactNode {
  if (!needle) return text;
  const folded = foldForSearch(text);
  if (folded.length !== text.length) return text;
  const parts: ReactNode[] = [];
  let from = 0;
  let at = folded.indexOf(needle);
  while (at !== -1) {
    if (at > from) parts.push(text.slice(from, at));
    parts.push(<mark key={`${keyPrefix}-${at}`}>{text.slice(at, at + needle.length)}</mark>);
    from = at + needle.length;
    at = folded.indexOf(needle, from);
  }
  if (parts.length === 0) return text;
  if (from < text.length) parts.push(text.slice(from));
  return parts;
}

function renderNodes(nodes: readonly MarkupNode[], needle: string, path: string): ReactNode[] {
  return nodes.map((node, i) => {
    const key = `${path}.${i}`;
    switch (node.type) {
      case 'text':
        return <span key={key}>{highlight(node.text, needle, key)}</span>;
      case 'bold':
        return <strong key={key}>{renderNodes(node.children, needle, key)}</strong>;
      case 'italic':
        return <em key={key}>{renderNodes(node.children, needle, key)}</em>;
      case 'strike':
        return <s key={key}>{renderNodes(node.children, needle, key)}</s>;
      case 'code':
        return node.block ? <pre key={key}>{node.text}</pre> : <code key={key}>{node.text}</code>;
      case 'link':
        return (
          <a key={key} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
            {highlight(node.text, needle, key)}
          </a>
        );
    }
  });
}

/** WhatsApp-formatted text as React elements (never HTML), with optional search highlighting. */
export const MarkupText = memo(function MarkupText({ text, highlight: query = '' }: { text: string; highlight?: string }) {
  const needle = foldForSearch(query.trim());
  return <span className="pb-att-bubble-text">{renderNodes(parseMarkup(text), needle, 'm')}</span>;
});
