import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Button, Group, Paper, Text, Textarea, Tooltip } from '@mantine/core';
import { hasForbiddenCharacters } from '../../../../shared/domain/forbidden-characters';
import { foldForSearch } from '../../../../shared/domain/messages';
import { errors } from '../../../../shared/i18n/pt-BR';
import { Icon } from '../ui/icons';
import { t } from '../texts';
import type { MessageTemplateView, MessageView, QuickAnswer } from '../model/types';
import { MarkupText } from '../conversation/markup-text';
import { FormatToolbar, markerForShortcut } from './format-toolbar';
import { EmojiPicker } from './emoji-picker';
import { QUICK_ANSWER_LIST_ID, QuickAnswerList, quickAnswerOptionId } from './quick-answer-list';
import { AttachControls } from './attach-controls';
import { AttachmentCard } from './attachment-card';
import { TemplatePicker } from './template-picker';
import { KnowledgeButton } from './knowledge-picker';
import { ReplyPreview } from './reply-preview';
import { COMPOSE_SLASH_EVENT } from '../model/keyboard';
import type { AttachmentDraft } from './attachment';
import { useComposerAttachment } from './use-composer-attachment';
import { holdPageWhile } from './page-hold';
import { filterQuickAnswers, insertText, slashTokenAt, toggleFormat, type Edit, type FormatMarker } from './text-editing';

export interface ComposerProps {
  /** The store, for the knowledge search. */
  tenant: string;
  /** The draft saved for this ticket; adopted once when it arrives (the composer is keyed by ticket). */
  draft: string | null;
  /** Saves the draft; may resolve once it is stored. */
  onDraftChange: (text: string) => void | Promise<void>;
  replyTo: MessageView | null;
  onCancelReply: () => void;
  commentMode: boolean;
  onCommentModeChange: (on: boolean) => void;
  quickAnswers: readonly QuickAnswer[];
  templates: readonly MessageTemplateView[];
  /** Outside the 24 h window of an official connection only templates may go out. */
  templateRequired: boolean;
  /** Resolves once the message is in the local database (then the composer clears); rejects when it is not. */
  onSendText: (text: string) => Promise<void>;
  onSendAttachment: (attachment: AttachmentDraft, caption: string) => Promise<void>;
  onSendTemplate: (template: MessageTemplateView) => void;
  /** Tells the user why something was refused (notification). */
  onProblem: (title: string, message: string) => void;
  /** Schedules the typed text for later (crm/schedules); absent where scheduling is not offered. */
  onSchedule?: (text: string) => void;
}

const SCHEDULE_LABEL = 'Agendar mensagem';

const DRAFT_DELAY_MS = 300;

export function Composer(props: ComposerProps) {
  const { draft, onDraftChange, commentMode, templateRequired } = props;
  const area = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(draft ?? '');
  const typed = useRef(false);
  const pendingSelection = useRef<[number, number] | null>(null);
  const [caret, setCaret] = useState(0);
  const [preview, setPreview] = useState(false);
  const [activeAnswer, setActiveAnswer] = useState(0);
  const [answersDismissed, setAnswersDismissed] = useState(false);
  const [refused, setRefused] = useState(false);
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const { tenant } = props;
  const media = useComposerAttachment(props.onSendAttachment, props.onProblem);

  if (draft !== null && !typed.current && text !== draft && text === '') setText(draft);

  // Save the draft shortly after typing stops, and at once when the composer goes away.
  const latest = useRef({ text, save: onDraftChange });
  latest.current = { text, save: onDraftChange };
  useEffect(() => {
    if (!typed.current) return;
    const timer = setTimeout(() => onDraftChange(text), DRAFT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, onDraftChange]);
  useEffect(
    () => () => {
      if (typed.current) latest.current.save(latest.current.text);
    },
    [],
  );

  useLayoutEffect(() => {
    const sel = pendingSelection.current;
    if (sel && area.current) {
      area.current.setSelectionRange(sel[0], sel[1]);
      pendingSelection.current = null;
    }
  });

  // `/` typed anywhere on the screen lands here and opens the quick answers.
  const textRef = useRef(text);
  textRef.current = text;
  useEffect(() => {
    const onSlash = () => {
      const current = textRef.current;
      const edit = insertText(current, current.length, current.length, current === '' || /\s$/.test(current) ? '/' : ' /');
      typed.current = true;
      setText(edit.text);
      setCaret(edit.selectionEnd);
      setAnswersDismissed(false);
      pendingSelection.current = [edit.selectionStart, edit.selectionEnd];
      area.current?.focus();
    };
    window.addEventListener(COMPOSE_SLASH_EVENT, onSlash);
    return () => window.removeEventListener(COMPOSE_SLASH_EVENT, onSlash);
  }, []);

  const slash = answersDismissed || commentMode ? null : slashTokenAt(text, caret);
  const answers = slash ? filterQuickAnswers(props.quickAnswers, slash.query, foldForSearch) : [];

  const apply = (edit: Edit) => {
    typed.current = true;
    setText(edit.text);
    setCaret(edit.selectionEnd);
    setRefused(false);
    pendingSelection.current = [edit.selectionStart, edit.selectionEnd];
    area.current?.focus();
  };
  const selection = (): [number, number] => [area.current?.selectionStart ?? text.length, area.current?.selectionEnd ?? text.length];
  const format = (marker: FormatMarker) => apply(toggleFormat(text, ...selection(), marker));
  const insert = (value: string) => apply(insertText(text, ...selection(), value));
  const pickAnswer = (answer: QuickAnswer) => slash && apply(insertText(text, slash.from, slash.to, answer.message));

  // The last text being written to the local database: Enter again on the same text sends it once;
  // a new text sent meanwhile is written after it, so messages keep the order they were sent in.
  const writing = useRef<{ sent: string; done: Promise<unknown> } | null>(null);
  const send = () => {
    const sent = text;
    const value = sent.trim();
    const before = writing.current;
    if (!value || before?.sent === sent) return;
    if (hasForbiddenCharacters(value)) {
      setRefused(true);
      props.onProblem(errors.attackTitle, errors.attackMessage);
      return;
    }
    // Text and draft stay until the message is stored locally: a tab closed meanwhile keeps both,
    // and the page is held until the draft no longer holds the sent text either.
    const write = () =>
      props.onSendText(value).then(() => {
        // What was typed after Enter stays in the box.
        const now = textRef.current;
        const rest = now.startsWith(sent) ? now.slice(sent.length).trimStart() : now.trim() === value ? '' : now;
        typed.current = true;
        setText(rest);
        setCaret(rest.length);
        setPreview(false);
        return onDraftChange(rest);
      });
    const written = before ? before.done.then(write) : write();
    const entry = { sent, done: written.catch(() => undefined) };
    writing.current = entry;
    void holdPageWhile(written)
      .catch(() => undefined)
      .finally(() => {
        if (writing.current === entry) writing.current = null;
      });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.nativeEvent.isComposing) return;
    if (slash && answers.length > 0) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setActiveAnswer((i) => (i + step + answers.length) % answers.length);
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        const chosen = answers[Math.min(activeAnswer, answers.length - 1)];
        if (chosen) pickAnswer(chosen);
        return;
      }
    }
    if (e.key === 'Escape' && slash) {
      e.preventDefault();
      e.stopPropagation();
      setAnswersDismissed(true);
      return;
    }
    if (e.key === 'Escape' && props.replyTo) {
      e.preventDefault();
      e.stopPropagation();
      props.onCancelReply();
      return;
    }
    const marker = markerForShortcut(e);
    if (marker) {
      e.preventDefault();
      format(marker);
      return;
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      send();
    }
  };

  const sendAttachment = async () => {
    const sentCaption = await media.send();
    // The typed text became the caption: it is not sent a second time.
    if (sentCaption && sentCaption === text.trim()) {
      setText('');
      onDraftChange('');
    }
  };

  const blocked = templateRequired && !commentMode;
  const activeId = slash && answers.length > 0 ? quickAnswerOptionId(Math.min(activeAnswer, answers.length - 1)) : undefined;

  return (
    <div className="pb-att-composer" data-comment={commentMode || undefined}>
      {props.replyTo && <ReplyPreview message={props.replyTo} onCancel={props.onCancelReply} />}
      {slash && <QuickAnswerList answers={answers} active={Math.min(activeAnswer, Math.max(0, answers.length - 1))} onPick={pickAnswer} />}
      {media.attachment && (
        <AttachmentCard
          attachment={media.attachment}
          caption={media.caption}
          onCaption={media.setCaption}
          onSend={() => void sendAttachment()}
          onRemove={media.remove}
          sending={media.sending}
        />
      )}
      {preview && text.trim() && (
        <div className="pb-att-composer-preview" aria-label={t.preview} role="region">
          <MarkupText text={text} />
        </div>
      )}
      {blocked ? (
        <Paper withBorder p={8} radius="md">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">{t.templateRequired}</Text>
            <Button size="xs" leftSection={<Icon name="template" size={16} />} onClick={() => setTemplatesOpen(true)}>
              {t.chooseTemplate}
            </Button>
          </Group>
        </Paper>
      ) : (
        <Textarea
          ref={area}
          aria-label={commentMode ? t.internalComment : t.composer}
          placeholder={commentMode ? t.commentPlaceholder : t.composerPlaceholder}
          autosize
          minRows={1}
          maxRows={6}
          value={text}
          error={refused ? errors.attackMessage : undefined}
          aria-controls={slash ? QUICK_ANSWER_LIST_ID : undefined}
          aria-activedescendant={activeId}
          aria-autocomplete="list"
          onChange={(e) => {
            typed.current = true;
            setText(e.currentTarget.value);
            setCaret(e.currentTarget.selectionStart);
            setActiveAnswer(0);
            setAnswersDismissed(false);
            setRefused(false);
          }}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
        />
      )}
      {/* On a narrow pane (a tablet upright) the tools wrap, and the send group keeps to the right. */}
      <Group justify="space-between" mt={6} wrap="wrap" gap={4}>
        <Group gap={2} wrap="wrap">
          {!blocked && <EmojiPicker onPick={insert} />}
          {props.templates.length > 0 && !commentMode && !blocked && (
            <Tooltip label={t.templates} openDelay={400}>
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t.chooseTemplate} onClick={() => setTemplatesOpen(true)}>
                <Icon name="template" size={20} />
              </ActionIcon>
            </Tooltip>
          )}
          {!blocked && (
            <KnowledgeButton tenant={tenant} onInsert={insert} onAttach={(kind, file, name) => media.choose(kind, file, name, text)} onProblem={props.onProblem} />
          )}
          {!blocked && (
            <AttachControls
              disabled={commentMode}
            recorder={media.recorder}
            onFile={(kind, file) => media.choose(kind, file, file.name, text)}
            onStartRecording={media.startRecording}
              onStopRecording={() => void media.stopRecording()}
            />
          )}
          {!blocked && <FormatToolbar onFormat={format} preview={preview} onTogglePreview={() => setPreview((p) => !p)} />}
        </Group>
        <Group gap={4} wrap="nowrap" ml="auto">
          {props.onSchedule && !commentMode && !blocked && (
            <Tooltip label={SCHEDULE_LABEL} openDelay={400}>
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={SCHEDULE_LABEL} onClick={() => props.onSchedule?.(text)}>
                <Icon name="clock" size={20} />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label={t.commentMode} openDelay={400}>
            <ActionIcon
              variant={commentMode ? 'filled' : 'subtle'}
              color={commentMode ? 'yellow' : 'gray'}
              size="lg"
              aria-label={t.commentMode}
              aria-pressed={commentMode}
              onClick={() => props.onCommentModeChange(!commentMode)}
            >
              <Icon name="note" size={20} />
            </ActionIcon>
          </Tooltip>
          {!blocked && (
            <ActionIcon size="lg" radius="xl" aria-label={t.send} onClick={send} disabled={!text.trim()}>
              <Icon name="send" size={18} />
            </ActionIcon>
          )}
        </Group>
      </Group>
      <TemplatePicker
        opened={templatesOpen}
        onClose={() => setTemplatesOpen(false)}
        templates={props.templates}
        onPick={(template) => {
          setTemplatesOpen(false);
          props.onSendTemplate(template);
        }}
      />
    </div>
  );
}
