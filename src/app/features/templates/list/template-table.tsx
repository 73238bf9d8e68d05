import { Badge, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { templateStatusColor, templateStatusLabel } from '../../../../shared/domain/template-status';
import type { WhatsappTemplate } from '../api/template-operations';
import { t } from '../texts';

const languageLabel = (code: string): string => t.languages[code.replace('-', '_')] ?? code;
const categoryLabel = (category: string | null): string => (category ? (t.categories[category.toUpperCase()] ?? category) : '—');

/** Meta says why it rejected or paused a template; 'NONE' is its way of saying nothing. */
const showsReason = (template: WhatsappTemplate): boolean =>
  Boolean(template.reason && template.reason.toUpperCase() !== 'NONE') && ['REJECTED', 'PAUSED'].includes(template.status.toUpperCase());

/** Name, category, language and status of each template, with a button to see it as WhatsApp shows it. */
export function TemplateTable({ templates, onPreview }: { templates: readonly WhatsappTemplate[]; onPreview: (template: WhatsappTemplate) => void }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t.list.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t.list.name}</Table.Th>
            <Table.Th scope="col">{t.list.category}</Table.Th>
            <Table.Th scope="col">{t.list.language}</Table.Th>
            <Table.Th scope="col">{t.list.state}</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>{t.list.actions}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {templates.map((template) => (
            <Table.Tr key={template.id}>
              <Table.Td>
                <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {template.name}
                </Text>
                {showsReason(template) ? (
                  <Text size="xs" c="dimmed">
                    {t.list.reason(template.reason ?? '')}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{categoryLabel(template.category)}</Table.Td>
              <Table.Td>{languageLabel(template.language)}</Table.Td>
              <Table.Td>
                <Badge color={templateStatusColor(template.status)} variant="light">
                  {templateStatusLabel(template.status)}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">
                <Button size="xs" variant="subtle" onClick={() => onPreview(template)} aria-label={t.list.previewLabel(template.name)}>
                  {t.list.preview}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
