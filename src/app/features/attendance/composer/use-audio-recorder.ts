import { useCallback, useEffect, useRef, useState } from 'react';
import { pickRecordingMime } from './attachment';

export interface AudioRecorder {
  recording: boolean;
  elapsedMs: number;
  start: () => Promise<void>;
  /** Stops and returns the recording (null if nothing was recorded). */
  stop: () => Promise<Blob | null>;
  cancel: () => void;
}

/** Records a voice note with MediaRecorder; the microphone is released as soon as it stops. */
export function useAudioRecorder(): AudioRecorder {
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const startedAt = useRef(0);
  const [recording, setRecording] = useState(false);
  const [elapsedMs, setElapsed] = useState(0);

  const release = useCallback(() => {
    recorder.current?.stream.getTracks().forEach((track) => track.stop());
    recorder.current = null;
    setRecording(false);
  }, []);

  useEffect(() => {
    if (!recording) return;
    const timer = setInterval(() => setElapsed(Date.now() - startedAt.current), 250);
    return () => clearInterval(timer);
  }, [recording]);

  useEffect(() => release, [release]);

  const start = useCallback(async () => {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const mimeType = pickRecordingMime((m) => MediaRecorder.isTypeSupported(m));
    const next = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    chunks.current = [];
    next.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.current.push(e.data);
    };
    next.start(250);
    recorder.current = next;
    startedAt.current = Date.now();
    setElapsed(0);
    setRecording(true);
  }, []);

  const stop = useCallback(
    () =>
      new Promise<Blob | null>((resolve) => {
        const current = recorder.current;
        if (!current) return resolve(null);
        current.onstop = () => {
          const blob = new Blob(chunks.current, { type: current.mimeType || 'audio/webm' });
          release();
          resolve(blob.size > 0 ? blob : null);
        };
        current.stop();
      }),
    [release],
  );

  const cancel = useCallback(() => {
    const current = recorder.current;
    if (current) {
      current.onstop = null;
      if (current.state !== 'inactive') current.stop();
    }
    chunks.current = [];
    release();
  }, [release]);

  return { recording, elapsedMs, start, stop, cancel };
}
