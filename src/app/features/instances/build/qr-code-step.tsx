import { Button, Center, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { InstanceView } from '../model/instance';
import { t } from '../texts';

const isImageUrl = (value: string): boolean => /^(data:image\/|https?:\/\/|\/)/.test(value);

/** The pairing code as an image: used as is when it is one, drawn from its text otherwise. */
function useQrImage(code: string | null): string | null {
  const [drawn, setDrawn] = useState<{ code: string; url: string } | null>(null);
  useEffect(() => {
    if (!code || isImageUrl(code)) return;
    let cancelled = false;
    void import('qrcode')
      .then((qr) => qr.toDataURL(code, { margin: 1, width: 264 }))
      .then((url) => {
        if (!cancelled) setDrawn({ code, url });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [code]);
  if (!code) return null;
  if (isImageUrl(code)) return code;
  return drawn?.code === code ? drawn.url : null;
}

/** Connection kinds that pair a phone by QR code (SPEC §3 Instance.qr_code). */
export function QrCodeStep({ instance, onRefresh }: { instance: InstanceView; onRefresh: () => void }) {
  const image = useQrImage(instance.qr_code);
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} fz="h4">
          {t.build.qrTitle}
        </Title>
        <Text c="dimmed">{t.build.qrIntro}</Text>
        <Center>
          {image ? (
            <Image src={image} alt={t.build.qrAlt(instance.name)} w={264} h={264} fit="contain" bg="white" p="xs" radius="md" />
          ) : (
            <Text role="status" c="dimmed" maw={420} ta="center">
              {t.build.qrWaiting}
            </Text>
          )}
        </Center>
        <Button variant="light" onClick={onRefresh} style={{ alignSelf: 'flex-start' }}>
          {t.build.qrRefresh}
        </Button>
      </Stack>
    </Paper>
  );
}
