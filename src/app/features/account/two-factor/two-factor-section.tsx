import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { LoadingState } from '../../../ui/remote/load-states';
import { deactivateTwoFactor, generateTwoFactorSetup } from '../api/account-operations';
import type { TwoFactorSetup as Setup } from '../api/account-operations';
import { t } from '../texts';
import { DeactivateTwoFactorModal } from './deactivate-two-factor-modal';
import { TwoFactorSetup } from './two-factor-setup';

type Step = { kind: 'idle' } | { kind: 'preparing' } | { kind: 'setup'; setup: Setup };

interface Props {
  tenant: string;
  active: boolean;
  onChange: (active: boolean) => void;
}

/** Verificação em duas etapas: its state, and turning it on (QR Code + code), moving it to a new device or off. */
export function TwoFactorSection({ tenant, active, onChange }: Props) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [confirmingOff, setConfirmingOff] = useState(false);
  const [turningOff, setTurningOff] = useState(false);

  const startSetup = async () => {
    setStep({ kind: 'preparing' });
    try {
      setStep({ kind: 'setup', setup: await generateTwoFactorSetup(tenant) });
    } catch {
      // The client already showed the error (SPEC §8).
      setStep({ kind: 'idle' });
    }
  };

  const turnOff = async (currentPassword: string) => {
    setTurningOff(true);
    try {
      await deactivateTwoFactor(tenant, currentPassword);
      setConfirmingOff(false);
      setStep({ kind: 'idle' });
      onChange(false);
      notifications.show({ color: 'blue', title: t.twoFactor.deactivatedTitle, message: t.twoFactor.deactivatedMessage });
    } catch {
      // The client already showed the error (SPEC §8), a wrong current password included; the dialog stays open.
    } finally {
      setTurningOff(false);
    }
  };

  return (
    <Paper component="section" withBorder radius="md" p="lg" aria-labelledby="account-two-factor-title">
      <Stack gap="md">
        <div>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Title order={2} fz="h4" id="account-two-factor-title">
              {t.twoFactor.title}
            </Title>
            <Badge color={active ? 'teal' : 'gray'} variant="light" aria-label={`${t.twoFactor.state}: ${active ? t.twoFactor.on : t.twoFactor.off}`}>
              {active ? t.twoFactor.on : t.twoFactor.off}
            </Badge>
          </Group>
          <Text c="dimmed" fz="sm">
            {t.twoFactor.intro}
          </Text>
        </div>
        <Text fz="sm">{active ? t.twoFactor.onHint : t.twoFactor.offHint}</Text>
        {step.kind === 'idle' ? (
          <Group gap="sm">
            {active ? (
              <>
                <Button variant="default" onClick={() => void startSetup()}>
                  {t.twoFactor.replace}
                </Button>
                <Button variant="light" color="red" onClick={() => setConfirmingOff(true)}>
                  {t.twoFactor.deactivate}
                </Button>
              </>
            ) : (
              <Button onClick={() => void startSetup()}>{t.twoFactor.activate}</Button>
            )}
          </Group>
        ) : null}
        {step.kind === 'preparing' ? <LoadingState label={t.twoFactor.preparing} /> : null}
        {step.kind === 'setup' ? (
          <TwoFactorSetup
            tenant={tenant}
            setup={step.setup}
            replacing={active}
            onActivated={() => {
              setStep({ kind: 'idle' });
              onChange(true);
            }}
            onCancel={() => setStep({ kind: 'idle' })}
          />
        ) : null}
      </Stack>
      <DeactivateTwoFactorModal
        opened={confirmingOff}
        busy={turningOff}
        onConfirm={(currentPassword) => void turnOff(currentPassword)}
        onClose={() => setConfirmingOff(false)}
      />
    </Paper>
  );
}
