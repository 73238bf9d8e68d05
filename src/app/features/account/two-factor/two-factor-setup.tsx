import { Button, CopyButton, Group, Image, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { GraphqlRequestError } from '../../../api/request-error';
import { showRequestError } from '../../../ui/notifications/show-request-error';
import { activateTwoFactor } from '../api/account-operations';
import type { TwoFactorSetup as Setup } from '../api/account-operations';
import { groupSecret, isCompleteCode, normalizeCode } from '../model/two-factor-code';
import { t } from '../texts';

interface Props {
  tenant: string;
  setup: Setup;
  /** Two-factor is already on and this sets up another device. */
  replacing: boolean;
  onActivated: () => void;
  onCancel: () => void;
}

function showActivationError(error: unknown): void {
  if (!(error instanceof GraphqlRequestError)) throw error;
  if (error.code === 'TWO_FACTOR_INVALID') {
    notifications.show({ color: 'red', title: t.twoFactor.invalidTitle, message: t.twoFactor.invalidMessage });
  } else {
    showRequestError(error);
  }
}

/** The pending secret as a QR Code and as text, and the code that confirms it (generateQrcode → twoFactorActivity). */
export function TwoFactorSetup({ tenant, setup, replacing, onActivated, onCancel }: Props) {
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const panel = useRef<HTMLElement>(null);
  const grouped = groupSecret(setup.secret);

  // The panel opens below the fold at 1024×768: bring the QR Code and the code field into view.
  // A block body: newer browsers return a promise here, which React would take for a cleanup.
  useEffect(() => {
    void panel.current?.scrollIntoView({ block: 'nearest' });
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!isCompleteCode(code)) return;
    setBusy(true);
    try {
      await activateTwoFactor(tenant, code);
      notifications.show({ color: 'green', title: t.twoFactor.activatedTitle, message: t.twoFactor.activatedMessage });
      onActivated();
    } catch (error) {
      setCode('');
      showActivationError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper
      ref={panel}
      component="section"
      withBorder
      radius="md"
      p="md"
      bg="var(--mantine-color-body)"
      aria-labelledby="two-factor-setup-title"
    >
      <Stack gap="md">
        <Title order={3} fz="h5" id="two-factor-setup-title">
          {t.twoFactor.setupTitle}
        </Title>
        <List type="ordered" size="sm" spacing={4}>
          {t.twoFactor.setupSteps.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
        <Group align="flex-start" gap="lg" wrap="wrap">
          {/* A white quiet zone keeps the code scannable in the dark theme too. */}
          <Image src={setup.qrcode} alt={t.twoFactor.qrAlt} w={176} h={176} radius="sm" bg="white" p={4} />
          <Stack gap="sm" style={{ flex: '1 1 220px' }}>
            <TextInput
              label={t.twoFactor.secret}
              readOnly
              value={grouped}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.04em' } }}
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={setup.secret}>
              {({ copied, copy }) => (
                <Button variant="light" size="xs" color={copied ? 'teal' : 'blue'} onClick={copy} style={{ alignSelf: 'flex-start' }}>
                  {copied ? t.twoFactor.copied : t.twoFactor.copy}
                </Button>
              )}
            </CopyButton>
          </Stack>
        </Group>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t.twoFactor.code}
              description={t.twoFactor.codeHint}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              required
              w={220}
              value={code}
              error={touched && !isCompleteCode(code) ? t.twoFactor.codeIncomplete : undefined}
              onChange={(event) => setCode(normalizeCode(event.currentTarget.value))}
            />
            {replacing ? (
              <Text fz="xs" c="dimmed">
                {t.twoFactor.replaceNote}
              </Text>
            ) : null}
            <Group gap="sm">
              <Button type="submit" loading={busy}>
                {t.twoFactor.confirm}
              </Button>
              <Button variant="default" onClick={onCancel} disabled={busy}>
                {t.twoFactor.cancel}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
