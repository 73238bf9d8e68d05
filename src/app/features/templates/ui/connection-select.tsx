import { Select } from '@mantine/core';
import { formatPhone } from '../../../../shared/domain/phone';
import type { CloudConnection } from '../api/template-operations';
import { selectTemplateConnection } from '../state/template-connection';
import { t } from '../texts';

/** Which Cloud API connection's WhatsApp Business account the screen works on. */
export function ConnectionSelect({ connections, value }: { connections: readonly CloudConnection[]; value: string }) {
  return (
    <Select
      label={t.list.connection}
      data={connections.map((c) => ({
        value: c.id,
        label: c.phone_number ? `${c.name} · ${formatPhone(c.phone_number)}` : c.name,
      }))}
      value={value}
      onChange={(id) => {
        if (id) selectTemplateConnection(id);
      }}
      allowDeselect={false}
      w={{ base: '100%', sm: 320 }}
    />
  );
}
