import { useEffect, useState } from 'react';
import { hasForbiddenCharacters } from '../../../../shared/domain/forbidden-characters';
import { errors } from '../../../../shared/i18n/pt-BR';
import { GraphqlRequestError } from '../../../api/request-error';
import { showRequestError } from '../../../ui/notifications/show-request-error';
import { t } from '../texts';
import { attachmentProblem, type AttachmentDraft, type AttachmentKind } from './attachment';
import { useAudioRecorder, type AudioRecorder } from './use-audio-recorder';

export interface ComposerAttachment {
  attachment: AttachmentDraft | null;
  caption: string;
  setCaption: (caption: string) => void;
  sending: boolean;
  recorder: AudioRecorder;
  /** Takes a chosen file; `caption` starts as what was typed (stickers take none). */
  choose: (kind: AttachmentKind, file: Blob, name: string, caption: string) => void;
  remove: () => void;
  /** Resolves with the caption that went out, or null when nothing was sent. */
  send: () => Promise<string | null>;
  startRecording: () => void;
  stopRecording: () => Promise<void>;
}

/** The composer's attachment: chosen or recorded, checked, previewed, captioned and sent. */
export function useComposerAttachment(
  onSend: (attachment: AttachmentDraft, caption: string) => Promise<void>,
  onProblem: (title: string, message: string) => void,
): ComposerAttachment {
  const [attachment, setAttachment] = useState<AttachmentDraft | null>(null);
  const [caption, setCaption] = useState('');
  const [sending, setSending] = useState(false);
  const recorder = useAudioRecorder();

  useEffect(() => {
    if (!attachment) return;
    return () => URL.revokeObjectURL(attachment.previewUrl);
  }, [attachment]);

  const choose = (kind: AttachmentKind, file: Blob, name: string, typed: string) => {
    const problem = attachmentProblem(kind, file);
    if (problem) {
      onProblem(t.attach, problem);
      return;
    }
    setAttachment({ kind, file, name, mime: file.type || 'application/octet-stream', previewUrl: URL.createObjectURL(file) });
    setCaption(kind === 'sticker' ? '' : typed.trim());
  };

  const send = async (): Promise<string | null> => {
    if (!attachment) return null;
    const text = caption.trim();
    if (hasForbiddenCharacters(text)) {
      onProblem(errors.attackTitle, errors.attackMessage);
      return null;
    }
    setSending(true);
    try {
      await onSend(attachment, text);
      setAttachment(null);
      setCaption('');
      return text;
    } catch (error) {
      if (error instanceof GraphqlRequestError) showRequestError(error);
      else onProblem(t.attachFailed, error instanceof Error ? error.message : String(error));
      return null;
    } finally {
      setSending(false);
    }
  };

  return {
    attachment,
    caption,
    setCaption,
    sending,
    recorder,
    choose,
    remove: () => setAttachment(null),
    send,
    startRecording: () => {
      recorder.start().catch(() => onProblem(t.recordAudio, t.micDenied));
    },
    stopRecording: async () => {
      const blob = await recorder.stop();
      const stamp = new Date().toISOString().slice(11, 19).replace(/:/g, '');
      if (blob) choose('audio', blob, `audio-${stamp}.${blob.type.includes('ogg') ? 'ogg' : 'webm'}`, '');
    },
  };
}
