import { Badge, Tooltip } from '@mantine/core';
import { useSnapshot } from 'valtio';
import { platformState } from '../../state/platform';

/** Says when the platform is unavailable (SPEC §4); nothing while it works. */
export function PlatformStatusBadge() {
  const { offlinePlatform, maintenance } = useSnapshot(platformState);
  if (!offlinePlatform) return null;
  const label = maintenance ? 'Em manutenção' : 'WhatsApp indisponível';
  const detail = maintenance
    ? 'A plataforma está em manutenção. O atendimento volta assim que ela terminar.'
    : 'O WhatsApp está fora do ar no momento. O atendimento volta assim que ele voltar.';
  return (
    <Tooltip label={detail} multiline w={260}>
      <Badge role="status" color="red" variant="light">
        {label}
      </Badge>
    </Tooltip>
  );
}
