import { Button, FileButton, Group, Image, Input, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { adminKey, useGqlQuery } from '../../../ui/admin';
import { FILE_URL } from '../api/operations';
import { uploadFile } from '../api/upload';
import { t } from '../texts';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** The store's logo: a file of the media store, shown through a short-lived signed link. */
export function StoreLogoField({ value, onChange, readOnly }: { value: string; onChange: (file: string) => void; readOnly: boolean }) {
  const [uploading, setUploading] = useState(false);
  const link = useGqlQuery(FILE_URL, { key: adminKey('store_info', 'logo', value), variables: { file: value }, enabled: value !== '', select: (d) => d.fileUrl });

  const pick = async (file: File | null) => {
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) {
      notifications.show({ color: 'red', title: 'Erro nos dados informados.', message: t.store.imageOnly });
      return;
    }
    setUploading(true);
    try {
      onChange((await uploadFile(file)).file);
    } catch {
      notifications.show({ color: 'red', title: 'Algo está errado.', message: t.store.imageOnly });
    } finally {
      setUploading(false);
    }
  };

  return (
    <Input.Wrapper label={t.store.logo}>
      <Group gap="md" mt={6}>
        {value && link.data ? (
          <Image src={link.data} alt={t.store.logoAlt} h={64} w="auto" fit="contain" radius="sm" />
        ) : (
          <Text size="sm" c="dimmed">
            {uploading ? t.store.uploading : 'Nenhum logotipo.'}
          </Text>
        )}
        {readOnly ? null : (
          <>
            <FileButton onChange={(file) => void pick(file)} accept={IMAGE_TYPES.join(',')}>
              {(props) => (
                <Button variant="default" size="xs" loading={uploading} {...props}>
                  {t.store.logoUpload}
                </Button>
              )}
            </FileButton>
            {value ? (
              <Button variant="subtle" color="red" size="xs" onClick={() => onChange('')}>
                {t.store.logoRemove}
              </Button>
            ) : null}
          </>
        )}
      </Group>
    </Input.Wrapper>
  );
}
