import { Button, Stack, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';

/** 'Minha Loja', 'http://host/minha-loja/login' or '/minha-loja' → 'minha-loja'. */
export function storeSlugOf(input: string): string {
  const text = input.trim().replace(/^https?:\/\/[^/]+/i, '');
  const first = text.split('/').find((part) => part.trim() !== '') ?? '';
  return first
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Asks which store to sign in to when the address does not say (the bare `/`, the installed app's
 * start_url on a new device, a mistyped store): never a dead end (issue 12 §6).
 */
export function StorePicker() {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const slug = storeSlugOf(value);
        if (!slug) return setError('Informe o endereço da sua loja.');
        void navigate({ href: `/${slug}/login` });
      }}
      noValidate
    >
      <Stack gap="sm">
        <TextInput
          label="Endereço da sua loja"
          description="É a primeira parte do endereço que você recebeu, por exemplo “demo” em pedbot…/demo."
          placeholder="minha-loja"
          value={value}
          error={error}
          autoFocus
          autoCapitalize="none"
          autoCorrect="off"
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
        />
        <Button type="submit" fullWidth>
          Ir para o login
        </Button>
      </Stack>
    </form>
  );
}
