import { Stack } from '@mantine/core';
import { useParams, useRouter } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { platformState } from '../../../state/platform';
import { paths } from '../model/paths';
import { activeInstanceState, clearActiveInstance } from '../state/active-instance';
import { forgetInstance } from '../state/live-instances';
import { t } from '../texts';
import { InstanceHeader } from '../ui/instance-header';
import { ErrorState, LoadingState } from '../../../ui/remote/load-states';
import { useInstance } from '../ui/use-instance';
import { EditInstanceForm } from './edit-instance-form';
import { InstanceActions } from './instance-actions';
import { RoutingSection } from './routing-section';

/** instances/edit/{id} (check rule): a connection's settings, restart and deletion (issue 4 §4). */
export function EditInstancePage() {
  const { tenant, id } = useParams({ strict: false }) as { tenant: string; id: string };
  const router = useRouter();
  const { maintenance } = useSnapshot(platformState);
  const { instance, error, reload, update } = useInstance(tenant, id);

  if (!instance) {
    return error ? <ErrorState title={t.edit.notFound} error={error} onRetry={reload} /> : <LoadingState label={t.edit.loading} />;
  }

  const deleted = () => {
    forgetInstance(instance.id);
    if (activeInstanceState.current?.tenant === tenant && activeInstanceState.current.instanceId === instance.id) clearActiveInstance();
    router.history.push(paths.chooser(tenant));
  };

  return (
    <Stack gap="md">
      <InstanceHeader
        tenant={tenant}
        instance={instance}
        maintenance={maintenance}
        link={{ to: paths.build(tenant, instance.id), label: instance.activated ? t.edit.viewLink : t.edit.buildLink }}
      />
      <EditInstanceForm key={instance.id} tenant={tenant} instance={instance} onSaved={update} />
      <RoutingSection instanceId={instance.id} />
      <InstanceActions tenant={tenant} instance={instance} onRestarted={update} onDeleted={deleted} />
    </Stack>
  );
}
