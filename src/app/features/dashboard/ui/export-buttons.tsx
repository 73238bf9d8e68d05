import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { exportFileName, type ExportMatrix } from '../../../../shared/domain/metrics';
import { downloadCsv, downloadXlsx } from '../model/export-file';
import { dashboardTexts as t } from '../texts';

interface Props {
  screen: string;
  period: { from: string; to: string } | null;
  filters: Record<string, string | null | undefined>;
  /** Built when asked, from the same rows the screen shows. */
  matrix: () => ExportMatrix;
  disabled?: boolean;
}

/** CSV and XLSX of what the screen shows, named after the screen, the period and the filters. */
export function ExportButtons({ screen, period, filters, matrix, disabled }: Props) {
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const run = async (kind: 'csv' | 'xlsx') => {
    setBusy(kind);
    try {
      const name = exportFileName(screen, period, filters, kind);
      if (kind === 'csv') await downloadCsv(matrix(), name);
      else await downloadXlsx(matrix(), name, screen);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs">
      <Button size="xs" variant="default" loading={busy === 'csv'} disabled={disabled} onClick={() => void run('csv')}>
        {t.exportCsv}
      </Button>
      <Button size="xs" variant="default" loading={busy === 'xlsx'} disabled={disabled} onClick={() => void run('xlsx')}>
        {t.exportXlsx}
      </Button>
    </Group>
  );
}
