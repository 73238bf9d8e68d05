import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { canOpenRoute } from '../../../shared/domain/permissions';
import { sessionState } from '../../state/session';
import { AdminPage, useTenant } from '../../ui/admin';
import { STORE_RULES } from './guide-content';
import { HelpSections } from './help-sections';

/** help/rules (all): how the store expects its attendants to work. */
export function RulesPage() {
  const tenant = useTenant();
  const role = useSnapshot(sessionState).current?.user.role;
  return (
    <AdminPage
      description={
        <Text span>
          O combinado para atender em nome da loja.{' '}
          {canOpenRoute('configs-contract-proposal-pdf', role) ? (
            <Anchor component={Link} to={`/${tenant}/configs/contract-proposal-pdf`}>
              Ver os termos de uso
            </Anchor>
          ) : null}
        </Text>
      }
    >
      <HelpSections sections={STORE_RULES} />
    </AdminPage>
  );
}
