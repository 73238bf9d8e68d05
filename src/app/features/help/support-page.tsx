import { Anchor, Grid, Kbd, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { StoreInfo } from '../../../shared/graphql/generated';
import { describeOpeningHours } from '../../../shared/domain/opening-hours';
import { digitsOnly, formatPhone, normalizePhone } from '../../../shared/domain/phone';
import { AdminPage, adminKey, gqlOperation, useGqlQuery } from '../../ui/admin';
import { ErrorState } from '../../ui/remote/load-states';
import { ATTENDANCE_GUIDE, KEYBOARD_SHORTCUTS } from './guide-content';
import { HelpSections } from './help-sections';

const STORE = gqlOperation<{ storeInfo: StoreInfo }>('query SupportStoreInfo { storeInfo { name address phone open_now opening_hours { day open opens closes } } }');

function StoreContact() {
  const info = useGqlQuery(STORE, { key: adminKey('store_info', 'support'), select: (d) => d.storeInfo });
  if (info.error) return <ErrorState title="Não foi possível carregar o contato da loja" error={info.error} onRetry={() => void info.refetch()} />;
  if (!info.data) return <Skeleton h={160} radius="md" aria-label="Carregando contato da loja" />;
  const store = info.data;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label="Contato da loja">
      <Stack gap={6}>
        <Title order={2} fz="h4">
          Fale com a loja
        </Title>
        {store.name ? <Text fw={600}>{store.name}</Text> : <Text c="dimmed">Os dados da loja ainda não foram preenchidos em Configurações › Dados da loja.</Text>}
        {store.phone ? (
          <Text size="sm">
            Telefone: <Anchor href={`tel:+${normalizePhone(store.phone)}`}>{formatPhone(store.phone)}</Anchor>
            {' · '}
            <Anchor href={`https://wa.me/${digitsOnly(normalizePhone(store.phone))}`} target="_blank" rel="noopener noreferrer">
              WhatsApp
            </Anchor>
          </Text>
        ) : null}
        {store.address ? <Text size="sm">Endereço: {store.address}</Text> : null}
        <Text size="sm" fw={600} mt="xs">
          {store.open_now ? 'Aberta agora' : 'Fechada agora'}
        </Text>
        <Stack gap={0}>
          {describeOpeningHours(store.opening_hours).map((line) => (
            <Text key={line} size="sm" c="dimmed">
              {line}
            </Text>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** help/support (all): the attendant's guide, keyboard shortcuts and the store's contact. */
export function SupportPage() {
  return (
    <AdminPage description="Como atender pelo PedBot, os atalhos de teclado e a quem pedir ajuda.">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <HelpSections sections={ATTENDANCE_GUIDE} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <StoreContact />
            <Paper withBorder radius="md" p="lg" component="section" aria-label="Atalhos de teclado">
              <Title order={2} fz="h4" mb="xs">
                Atalhos de teclado
              </Title>
              <Table verticalSpacing={4} fz="sm">
                <Table.Tbody>
                  {KEYBOARD_SHORTCUTS.map((s) => (
                    <Table.Tr key={s.keys}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Kbd size="xs">{s.keys}</Kbd>
                      </Table.Td>
                      <Table.Td>{s.action}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </AdminPage>
  );
}
