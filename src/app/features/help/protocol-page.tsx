import { AdminPage } from '../../ui/admin';
import { WHATSAPP_PROTOCOL } from './guide-content';
import { HelpSections } from './help-sections';

/** help/whatsapp-protocol: the 24-hour window, templates and the daily limit, in the store's words. */
export function ProtocolPage() {
  return (
    <AdminPage description="As regras do WhatsApp que mudam o que você pode enviar ao cliente.">
      <HelpSections sections={WHATSAPP_PROTOCOL} />
    </AdminPage>
  );
}
