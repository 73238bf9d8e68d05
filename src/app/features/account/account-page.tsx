import { SimpleGrid, Stack } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { ErrorState, LoadingState } from '../../ui/remote/load-states';
import { useRemote } from '../../ui/remote/use-remote';
import { fetchAccount } from './api/account-operations';
import type { AccountInfo } from './api/account-operations';
import { ChangePasswordForm } from './password/change-password-form';
import { ProfileSummary } from './profile/profile-summary';
import { t } from './texts';
import { TwoFactorSection } from './two-factor/two-factor-section';

/** user-settings (Minha conta, SPEC §2 [all]): profile, password and two-factor of the signed-in user. */
export function AccountPage() {
  const { tenant } = useParams({ from: '/$tenant' });
  const account = useRemote<AccountInfo>(tenant, (signal) => fetchAccount(tenant, { signal, notify: false }));

  if (account.loading && !account.data) return <LoadingState label={t.loading} />;
  if (!account.data) return <ErrorState title={t.loadError} error={account.error} onRetry={account.reload} />;
  const info = account.data;

  return (
    <Stack gap="md">
      <ProfileSummary account={info} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: 'start' }}>
        <ChangePasswordForm tenant={tenant} />
        <TwoFactorSection
          tenant={tenant}
          active={info.twofactor_activity}
          onChange={(active) => account.setData({ ...info, twofactor_activity: active })}
        />
      </SimpleGrid>
    </Stack>
  );
}
