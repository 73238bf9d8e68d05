import type { ReactNode } from 'react';
import { parseMarkup, type MarkupNode } from '../../../../shared/domain/markup';

function render(nodes: readonly MarkupNode[], path: string): ReactNode[] {
  return nodes.map((node, i) => {
    const key = `${path}.${i}`;
    switch (node.type) {
      case 'text':
        return <span key={key}>{node.text}</span>;
      case 'bold':
        return <strong key={key}>{render(node.children, key)}</strong>;
      case 'italic':
        return <em key={key}>{render(node.children, key)}</em>;
      case 'strike':
        return <s key={key}>{render(node.children, key)}</s>;
      case 'code':
        return node.block ? <pre key={key}>{node.text}</pre> : <code key={key}>{node.text}</code>;
      case 'link':
        return (
          <a key={key} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
            {node.text}
          </a>
        );
    }
  });
}

/** An article's body as the customer's WhatsApp shows it (SPEC §5 markup), as elements, never HTML. */
export function MarkupPreview({ text }: { text: string }) {
  return <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{render(parseMarkup(text), 'k')}</div>;
}
