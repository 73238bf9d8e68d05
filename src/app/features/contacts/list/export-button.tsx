import { Button, Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Contact, ContactFilter } from '../../../../shared/graphql/generated';
import { fetchContacts } from '../api/contact-operations';
import { contactsCsv, downloadText } from '../model/contacts-csv';
import { t } from '../texts';

const EXPORT_PAGE = 500;

/** Exports what the list shows (same search and filters), read from the server in pages. */
export function ExportButton({ tenant, filter, total }: { tenant: string; filter: ContactFilter; total: number | null }) {
  const [progress, setProgress] = useState<number | null>(null);
  const exportAll = async () => {
    const rows: Contact[] = [];
    setProgress(0);
    try {
      for (;;) {
        const page = await fetchContacts(tenant, filter, rows.length, EXPORT_PAGE);
        rows.push(...page.items);
        setProgress(rows.length);
        if (page.items.length < EXPORT_PAGE || rows.length >= page.total) break;
      }
      downloadText(t.export.file, contactsCsv(rows));
      notifications.show({ color: 'teal', title: 'Tudo certo!', message: t.export.done(rows.length) });
    } catch {
      // The client showed the catalogue's notice (SPEC §8).
    } finally {
      setProgress(null);
    }
  };
  return (
    <Button variant="default" onClick={() => void exportAll()} disabled={!total || progress !== null} leftSection={progress !== null ? <Loader size={14} /> : null}>
      {progress !== null && total ? t.export.running(progress, total) : t.page.export}
    </Button>
  );
}
