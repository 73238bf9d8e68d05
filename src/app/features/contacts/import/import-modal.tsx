import { Alert, Button, FileInput, Group, Modal, Progress, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import Papa from 'papaparse';
import { useRef, useState } from 'react';
import { IMPORT_FIELDS } from '../../../../shared/domain/contact-import';
import { useTenant } from '../../../ui/admin';
import { downloadText } from '../model/contacts-csv';
import { t } from '../texts';
import { guessMapping, type ColumnMapping } from './import-rows';
import { refusedCsv, runImport, type ImportProgress, type ImportSummary } from './run-import';

const PREVIEW_ROWS = 5;

type Step =
  | { kind: 'file'; error?: string }
  | { kind: 'map'; file: File; table: string[][]; mapping: ColumnMapping; error?: string }
  | { kind: 'run'; progress: ImportProgress }
  | { kind: 'done'; summary: ImportSummary };

/** Reads the header and the first rows only, for the preview and the mapping. */
function readPreview(file: File): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(file, {
      preview: PREVIEW_ROWS + 1,
      skipEmptyLines: 'greedy',
      complete: (results) => resolve(results.data),
      error: (error) => reject(error),
    });
  });
}

function Preview({ table }: { table: string[][] }) {
  const [header = [], ...rows] = table;
  return (
    <Table.ScrollContainer minWidth={480} maxHeight={220}>
      <Table striped withTableBorder fz="xs" aria-label={t.import.previewTitle}>
        <Table.Thead>
          <Table.Tr>
            {header.map((name, i) => (
              <Table.Th key={i}>{name}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, r) => (
            <Table.Tr key={r}>
              {header.map((_, i) => (
                <Table.Td key={i}>{row[i] ?? ''}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * CSV import (issue 14 §1): choose a file, see its first rows, map columns to fields, then the
 * worker reads and checks it and the rows go to the server in batches with a progress bar; the
 * summary counts created, updated and refused rows and offers the refused ones as a file.
 */
export function ImportModal({ opened, onClose, onImported }: { opened: boolean; onClose: () => void; onImported: () => void }) {
  const tenant = useTenant();
  const [step, setStep] = useState<Step>({ kind: 'file' });
  const abort = useRef<AbortController | null>(null);

  const close = () => {
    abort.current?.abort();
    abort.current = null;
    setStep({ kind: 'file' });
    onClose();
  };

  const choose = async (file: File | null) => {
    if (!file) return;
    try {
      const table = await readPreview(file);
      if (table.length < 2) setStep({ kind: 'file', error: t.import.emptyFile });
      else setStep({ kind: 'map', file, table, mapping: guessMapping(table[0] ?? []) });
    } catch {
      setStep({ kind: 'file', error: t.import.readFailed });
    }
  };

  const start = async (file: File, mapping: ColumnMapping) => {
    const controller = new AbortController();
    abort.current = controller;
    setStep({ kind: 'run', progress: { phase: 'reading', fraction: 0, sent: 0, total: 0 } });
    try {
      const summary = await runImport(tenant, file, mapping, (progress) => setStep({ kind: 'run', progress }), controller.signal);
      if (!controller.signal.aborted) setStep({ kind: 'done', summary });
      onImported();
    } catch {
      if (!controller.signal.aborted) setStep({ kind: 'file', error: t.import.readFailed });
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t.import.title} size="xl" closeOnClickOutside={step.kind !== 'run'}>
      {step.kind === 'file' ? (
        <Stack gap="sm">
          <FileInput label={t.import.fileLabel} description={t.import.fileHint} placeholder={t.import.choose} accept=".csv,text/csv,text/plain" onChange={(file) => void choose(file)} clearable={false} />
          {step.error ? (
            <Alert color="red" variant="light" role="alert">
              {step.error}
            </Alert>
          ) : null}
        </Stack>
      ) : null}

      {step.kind === 'map' ? (
        <Stack gap="md">
          <Title order={4}>{t.import.previewTitle}</Title>
          <Preview table={step.table} />
          <Title order={4}>{t.import.mappingTitle}</Title>
          <SimpleGrid cols={{ base: 2, md: 3 }}>
            {IMPORT_FIELDS.map((field) => (
              <Select
                key={field}
                label={t.import.fields[field]}
                withAsterisk={field === 'phone_number'}
                placeholder={t.import.notImported}
                clearable
                comboboxProps={{ withinPortal: true }}
                data={(step.table[0] ?? []).map((name, i) => ({ value: String(i), label: name || `Coluna ${i + 1}` }))}
                value={step.mapping[field] === null ? null : String(step.mapping[field])}
                error={field === 'phone_number' ? step.error : undefined}
                onChange={(value) => setStep({ ...step, error: undefined, mapping: { ...step.mapping, [field]: value === null ? null : Number(value) } })}
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep({ kind: 'file' })}>
              {t.import.back}
            </Button>
            <Button
              onClick={() => {
                if (step.mapping.phone_number === null) setStep({ ...step, error: t.import.phoneColumnRequired });
                else void start(step.file, step.mapping);
              }}
            >
              {t.import.start}
            </Button>
          </Group>
        </Stack>
      ) : null}

      {step.kind === 'run' ? (
        <Stack gap="sm">
          <Text role="status" aria-live="polite">
            {step.progress.phase === 'reading' ? t.import.reading : t.import.sending(step.progress.sent, step.progress.total)}
          </Text>
          <Progress
            value={Math.round((step.progress.phase === 'reading' ? step.progress.fraction * 0.1 : 0.1 + step.progress.fraction * 0.9) * 100)}
            aria-label={t.import.progressLabel}
            size="lg"
            animated
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t.import.cancel}
            </Button>
          </Group>
        </Stack>
      ) : null}

      {step.kind === 'done' ? (
        <Stack gap="md">
          <Title order={4}>{t.import.summaryTitle}</Title>
          <Group gap="lg" role="status" aria-label={t.import.summaryTitle}>
            <Text fw={600} c="teal">
              {t.import.created(step.summary.created)}
            </Text>
            <Text fw={600} c="blue">
              {t.import.updated(step.summary.updated)}
            </Text>
            <Text fw={600} c={step.summary.refused.length > 0 ? 'red' : 'dimmed'}>
              {t.import.skipped(step.summary.refused.length)}
            </Text>
          </Group>
          <Group justify="flex-end">
            {step.summary.refused.length > 0 ? (
              <Button variant="light" color="red" onClick={() => downloadText(t.import.refusedFile, refusedCsv(step.summary))}>
                {t.import.downloadRefused}
              </Button>
            ) : null}
            <Button onClick={close}>{t.import.close}</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
