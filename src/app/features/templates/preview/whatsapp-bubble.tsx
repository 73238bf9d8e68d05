import type { ReactNode } from 'react';
import { parseMarkup } from '../../../../shared/domain/markup';
import type { MarkupNode } from '../../../../shared/domain/markup';
import type { TemplateParts } from '../model/template-parts';
import { t } from '../texts';
import './whatsapp-preview.css';

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

const BUTTON_ICONS: Readonly<Record<string, string>> = { URL: '↗', PHONE_NUMBER: '✆', QUICK_REPLY: '↩' };

/** A template as the customer's WhatsApp shows it: one incoming bubble and its buttons beneath. */
export function WhatsappBubble({ parts, label }: { parts: TemplateParts; label: string }) {
  return (
    <figure className="pb-wa-chat" aria-label={label} style={{ margin: 0 }}>
      <div className="pb-wa-message">
        <div className="pb-wa-bubble">
          {parts.header ? <div className="pb-wa-header">{parts.header}</div> : null}
          <div className="pb-wa-body">
            {parts.body ? render(parseMarkup(parts.body), 'b') : <span className="pb-wa-placeholder">{t.preview.emptyBody}</span>}
          </div>
          {parts.footer ? <div className="pb-wa-footer">{parts.footer}</div> : null}
          <span className="pb-wa-time" aria-hidden="true">
            {t.preview.time}
          </span>
          <div style={{ clear: 'both' }} />
        </div>
        {parts.buttons.length > 0 ? (
          <ul className="pb-wa-buttons" style={{ listStyle: 'none', padding: 0, margin: '2px 0 0' }}>
            {parts.buttons.map((button, i) => (
              <li key={i} className="pb-wa-button">
                <span aria-hidden="true">{BUTTON_ICONS[button.type] ?? ''}</span>
                {button.text || '…'}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </figure>
  );
}
