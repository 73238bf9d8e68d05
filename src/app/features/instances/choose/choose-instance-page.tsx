import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useParams, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { canOpenRoute } from '../../../../shared/domain/permissions';
import { GraphqlRequestError } from '../../../api/request-error';
import { platformState } from '../../../state/platform';
import { sessionState } from '../../../state/session';
import { fetchInstances } from '../api/instance-operations';
import type { InstanceView } from '../model/instance';
import { paths } from '../model/paths';
import { activateConnection } from '../state/activate-connection';
import { activeInstanceFor, activeInstanceState } from '../state/active-instance';
import { readCachedInstances, writeCachedInstances } from '../state/instance-list-cache';
import { liveInstances, rememberInstance, rememberInstances } from '../state/live-instances';
import { observeInstances } from '../watch/connection-drop-watch';
import { t } from '../texts';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/remote/load-states';
import { useRemote } from '../../../ui/remote/use-remote';
import { CreateInstanceModal } from './create-instance-modal';
import { InstanceCard } from './instance-card';

interface Listing {
  instances: InstanceView[];
  cached: boolean;
}

/** instances/list/choose-instance: the connections this user may attend through (SPEC §2, §4). */
export function ChooseInstancePage() {
  const { tenant } = useParams({ from: '/$tenant' });
  const router = useRouter();
  const session = useSnapshot(sessionState).current;
  const user = session?.tenant === tenant ? session.user : null;
  const userId = user?.id ?? '';
  const role = user?.role;
  const { maintenance, offlinePlatform } = useSnapshot(platformState);
  const live = useSnapshot(liveInstances).byId;
  const active = activeInstanceFor(useSnapshot(activeInstanceState), tenant, user?.id);
  const [creating, setCreating] = useState(false);
  const canManage = canOpenRoute('instances-edit', role);

  const listing = useRemote<Listing>(`${tenant}|${userId}`, async (signal) => {
    try {
      const readAt = performance.now();
      const instances = await fetchInstances(tenant, { signal, notify: false });
      writeCachedInstances(tenant, userId, instances);
      rememberInstances(instances, readAt);
      observeInstances(instances);
      return { instances, cached: false };
    } catch (error) {
      const cached = readCachedInstances(tenant, userId);
      if (cached && error instanceof GraphqlRequestError && error.kind === 'network') return { instances: cached, cached: true };
      throw error;
    }
  });

  const choose = (instance: InstanceView) => {
    activateConnection(tenant, userId, instance);
    if (canOpenRoute('chat-attendance', role) && !offlinePlatform) {
      router.history.push(paths.attendance(tenant));
    } else {
      notifications.show({ color: 'blue', title: t.chooser.chosenTitle, message: t.chooser.chosenMessage(instance.name) });
    }
  };

  const created = (instance: InstanceView) => {
    setCreating(false);
    rememberInstance(instance);
    router.history.push(paths.build(tenant, instance.id));
  };

  const createButton = canManage ? (
    <Button variant="light" onClick={() => setCreating(true)}>
      {t.chooser.createOpen}
    </Button>
  ) : null;

  let body;
  if (listing.loading && !listing.data) body = <LoadingState label={t.chooser.loading} />;
  else if (listing.error && !listing.data) {
    body = <ErrorState title={t.chooser.errorTitle} error={listing.error} onRetry={listing.reload} />;
  } else if (listing.data && listing.data.instances.length === 0) {
    body = (
      <EmptyState title={t.chooser.emptyTitle} action={createButton}>
        {canManage ? t.chooser.emptyAdmin : t.chooser.emptyUser}
      </EmptyState>
    );
  } else if (listing.data) {
    const instances = listing.data.instances.map((instance) => live[instance.id] ?? instance);
    body = (
      <SimpleGrid
        component="ul"
        aria-label={t.chooser.listLabel}
        cols={{ base: 1, sm: 2, xl: 3 }}
        spacing="md"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {instances.map((instance) => (
          <InstanceCard
            key={instance.id}
            tenant={tenant}
            instance={instance}
            maintenance={maintenance}
            active={active?.instanceId === instance.id}
            canManage={canManage}
            onChoose={choose}
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Text c="dimmed" maw={680}>
          {t.chooser.intro}
        </Text>
        {listing.data?.instances.length ? createButton : null}
      </Group>
      {maintenance ? (
        <Alert color="orange" variant="light" role="status">
          {t.chooser.maintenanceNotice}
        </Alert>
      ) : null}
      {listing.data?.cached ? (
        <Alert color="gray" variant="light" role="status">
          {t.chooser.offlineCached}
        </Alert>
      ) : null}
      {body}
      {canManage ? (
        <CreateInstanceModal tenant={tenant} opened={creating} onClose={() => setCreating(false)} onCreated={created} />
      ) : null}
    </Stack>
  );
}
