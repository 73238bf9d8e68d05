import { Button, Text } from '@mantine/core';
import { PublicLayout } from './public-layout';

/** A screen that failed to load or render (for example its chunk timed out, SPEC §9). */
export function RouteError() {
  return (
    <PublicLayout title="Não foi possível abrir esta tela">
      <Text>Verifique a sua conexão e tente de novo. Se o problema continuar, fale com o suporte.</Text>
      <Button onClick={() => window.location.reload()} fullWidth>
        Tentar novamente
      </Button>
    </PublicLayout>
  );
}
