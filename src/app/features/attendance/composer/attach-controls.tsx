import { useRef } from 'react';
import { ActionIcon, Badge, Group, Menu, Tooltip } from '@mantine/core';
import { Icon } from '../ui/icons';
import { t } from '../texts';
import { ACCEPT, type AttachmentKind } from './attachment';
import type { AudioRecorder } from './use-audio-recorder';

type FileKind = Exclude<AttachmentKind, 'audio'>;

const elapsed = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** The attach menu (image, sticker, document) and the voice-note recorder button. */
export function AttachControls({
  disabled,
  recorder,
  onFile,
  onStartRecording,
  onStopRecording,
}: {
  disabled?: boolean;
  recorder: AudioRecorder;
  onFile: (kind: FileKind, file: File) => void;
  onStartRecording: () => void;
  onStopRecording: () => void;
}) {
  const inputs = {
    image: useRef<HTMLInputElement>(null),
    sticker: useRef<HTMLInputElement>(null),
    document: useRef<HTMLInputElement>(null),
  };
  const labels: Record<FileKind, string> = { image: t.attachImage, sticker: t.attachSticker, document: t.attachDocument };
  const icons = { image: 'image', sticker: 'sticker', document: 'file' } as const;

  if (recorder.recording) {
    return (
      <Group gap={4} wrap="nowrap" role="group" aria-label={t.recording}>
        <Badge color="red" variant="light" leftSection={<span className="pb-att-rec-dot" />}>
          {t.recording} {elapsed(recorder.elapsedMs)}
        </Badge>
        <ActionIcon variant="subtle" color="gray" aria-label={t.cancelRecording} onClick={recorder.cancel}>
          <Icon name="trash" />
        </ActionIcon>
        <ActionIcon variant="filled" color="red" aria-label={t.stopRecording} onClick={onStopRecording}>
          <Icon name="stop" size={16} filled />
        </ActionIcon>
      </Group>
    );
  }

  return (
    <Group gap={2} wrap="nowrap">
      {(Object.keys(inputs) as FileKind[]).map((kind) => (
        <input
          key={kind}
          ref={inputs[kind]}
          type="file"
          hidden
          accept={ACCEPT[kind]}
          aria-label={labels[kind]}
          data-kind={kind}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) onFile(kind, file);
          }}
        />
      ))}
      <Menu position="top-start" withinPortal disabled={disabled}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t.attach} disabled={disabled}>
            <Icon name="clip" size={20} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {(Object.keys(inputs) as FileKind[]).map((kind) => (
            <Menu.Item key={kind} leftSection={<Icon name={icons[kind]} size={16} />} onClick={() => inputs[kind].current?.click()}>
              {labels[kind]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Tooltip label={t.recordAudio} openDelay={400}>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t.recordAudio} disabled={disabled} onClick={onStartRecording}>
          <Icon name="mic" size={20} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
