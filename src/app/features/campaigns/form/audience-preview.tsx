import { Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import type { CampaignAudiencePreview } from '../../../../shared/graphql/generated';
import { adminKey, useGqlQuery } from '../../../ui/admin';
import { AUDIENCE_PREVIEW } from '../api/campaign-operations';
import type { CampaignFormValues } from '../model/campaign-form';
import { t } from '../texts';

type AudienceKey = 'instance_id' | 'group_ids' | 'category_ids' | 'customer_ids' | 'csv';
const pick = (v: CampaignFormValues) => ({ instance_id: v.instance_id, group_ids: v.group_ids, category_ids: v.category_ids, customer_ids: v.customer_ids, csv: v.csv });

/** The audience as the form holds it, followed field by field (the form is uncontrolled). */
function useAudience(form: UseFormReturnType<CampaignFormValues>) {
  const [audience, setAudience] = useState(() => pick(form.getValues()));
  const follow = (key: AudienceKey) => form.watch(key, () => setAudience(pick(form.getValues())));
  follow('instance_id');
  follow('group_ids');
  follow('category_ids');
  follow('customer_ids');
  follow('csv');
  return audience;
}

/**
 * How many will receive and how many are removed (blocked for campaigns, opted out, invalid
 * numbers), asked of the server as the audience changes; `onCount` feeds the loading text.
 */
export function AudiencePreview({ form, onCount }: { form: UseFormReturnType<CampaignFormValues>; onCount: (recipients: number) => void }) {
  const audience = useAudience(form);
  const [debounced] = useDebouncedValue(audience, 400);
  const empty = !debounced.group_ids.length && !debounced.category_ids.length && !debounced.customer_ids.length && !debounced.csv.trim();
  const preview = useGqlQuery(AUDIENCE_PREVIEW, {
    key: adminKey('campaigns', 'preview'),
    variables: {
      instance_id: debounced.instance_id || null,
      audience: { group_ids: debounced.group_ids, category_ids: debounced.category_ids, customer_ids: debounced.customer_ids, csv: debounced.csv.trim() || null },
    },
    enabled: !empty,
    keepPrevious: true,
    select: (data) => data.campaignAudiencePreview,
  });
  const shown: CampaignAudiencePreview | undefined = empty ? undefined : preview.data;
  const recipients = shown?.recipients ?? 0;
  useEffect(() => onCount(recipients), [recipients, onCount]);
  const removed = shown ? shown.excluded_blacklisted + shown.excluded_opted_out + shown.excluded_invalid : 0;

  return (
    <Paper withBorder p="sm" radius="md" aria-live="polite" role="status" aria-label={t.form.preview.title}>
      <Stack gap={4}>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {t.form.preview.title}
          </Text>
          {preview.isFetching && !empty && <Loader size="xs" aria-label={t.form.preview.counting} />}
        </Group>
        {empty || !shown ? (
          <Text size="sm" c="dimmed">
            {empty ? t.form.preview.empty : t.form.preview.counting}
          </Text>
        ) : (
          <>
            <Text size="lg" fw={700} c="teal" data-testid="audience-recipients">
              {t.form.preview.recipients(shown.recipients)}
            </Text>
            <Text size="sm" c={removed ? 'orange' : 'dimmed'} data-testid="audience-removed">
              {t.form.preview.removed(removed)}
              {removed > 0 &&
                ` (${[
                  [shown.excluded_blacklisted, t.form.preview.blacklisted],
                  [shown.excluded_opted_out, t.form.preview.optedOut],
                  [shown.excluded_invalid, t.form.preview.invalid],
                ]
                  .filter(([n]) => Number(n) > 0)
                  .map(([n, label]) => `${n} ${label}`)
                  .join(', ')})`}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
