import { Stack, Text } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { canOpenRoute } from '../../../../shared/domain/permissions';
import { platformState } from '../../../state/platform';
import { sessionState } from '../../../state/session';
import { isCloudApi, isSandbox, pairsByQr } from '../model/instance';
import { paths } from '../model/paths';
import { t } from '../texts';
import { InstanceHeader } from '../ui/instance-header';
import { ErrorState, LoadingState } from '../../../ui/remote/load-states';
import { useInstance } from '../ui/use-instance';
import { CloudApiSetup } from './cloud-api-setup';
import { QrCodeStep } from './qr-code-step';
import { SandboxSetup } from './sandbox-setup';

/** instances/build/{id}: bring a connection up, the way its kind needs (issue 4 §4). */
export function BuildInstancePage() {
  const { tenant, id } = useParams({ strict: false }) as { tenant: string; id: string };
  const session = useSnapshot(sessionState).current;
  const { maintenance } = useSnapshot(platformState);
  const { instance, error, reload, update } = useInstance(tenant, id);
  const canEdit = canOpenRoute('instances-edit', session?.user.role);

  if (!instance) {
    return error ? <ErrorState title={t.chooser.errorTitle} error={error} onRetry={reload} /> : <LoadingState label={t.build.loading} />;
  }
  return (
    <Stack gap="md">
      <InstanceHeader
        tenant={tenant}
        instance={instance}
        maintenance={maintenance}
        link={canEdit ? { to: paths.edit(tenant, instance.id), label: t.build.editLink } : null}
      />
      <Text c="dimmed">{t.build.intro}</Text>
      {isSandbox(instance) ? <SandboxSetup tenant={tenant} instance={instance} onChange={update} /> : null}
      {isCloudApi(instance) ? <CloudApiSetup key={instance.id} tenant={tenant} instance={instance} onChange={update} /> : null}
      {pairsByQr(instance) ? <QrCodeStep instance={instance} onRefresh={reload} /> : null}
    </Stack>
  );
}
