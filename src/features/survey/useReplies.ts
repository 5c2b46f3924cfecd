import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReplyRequest } from '../../api/contract/polls';
import { useSaveReplyMutation } from './api';
import { dropUnsent, keepUnsent, readUnsent } from './unsent';

/** A question's save in this visit, said on its card (issue 33: every save says so). */
export type ReplySaveState = 'saving' | 'saved';

/**
 * Saves replies as the user answers, each with only the field the user changed (the answer or the
 * comment): each one is written to local storage first, sent, and
 * dropped from storage when the server has it. What failed stays stored and is sent again on the
 * next visit, when the browser comes back online, or on 'Send again'.
 */
export function useReplies(pollId: number) {
  const [saveReply] = useSaveReplyMutation();
  const [unsent, setUnsent] = useState(() => readUnsent(pollId));
  const [sending, setSending] = useState(0);
  const [saveStates, setSaveStates] = useState<Record<number, ReplySaveState>>({});
  // Saves on their way per question: 'Saved' waits for the last of them.
  const inFlight = useRef(new Map<number, number>());
  const resentOnce = useRef(false);
  const sayState = useCallback((questionId: number, state: ReplySaveState | undefined) => {
    setSaveStates((current) => {
      const { [questionId]: _old, ...rest } = current;
      return state ? { ...rest, [questionId]: state } : rest;
    });
  }, []);

  const send = useCallback(
    async (driverId: number, questionId: number, reply: ReplyRequest) => {
      keepUnsent(pollId, questionId, { driverId, ...reply });
      setUnsent(readUnsent(pollId));
      setSending((count) => count + 1);
      inFlight.current.set(questionId, (inFlight.current.get(questionId) ?? 0) + 1);
      sayState(questionId, 'saving');
      let saved = false;
      try {
        await saveReply({ pollId, driverId, questionId, ...reply }).unwrap();
        dropUnsent(pollId, questionId, reply);
        saved = true;
      } catch {
        // kept in storage; the error toast tells what went wrong
      } finally {
        const left = (inFlight.current.get(questionId) ?? 1) - 1;
        if (left > 0) inFlight.current.set(questionId, left);
        else inFlight.current.delete(questionId);
        if (!saved) sayState(questionId, undefined);
        else if (left === 0) sayState(questionId, 'saved');
        setSending((count) => count - 1);
        setUnsent(readUnsent(pollId));
      }
    },
    [pollId, saveReply, sayState],
  );

  const resend = useCallback(async () => {
    const pending = readUnsent(pollId);
    for (const [questionId, { driverId, ...reply }] of Object.entries(pending))
      await send(driverId, Number(questionId), reply);
  }, [pollId, send]);

  useEffect(() => {
    if (!resentOnce.current && Object.keys(readUnsent(pollId)).length > 0) {
      resentOnce.current = true;
      void resend();
    }
    const online = () => void resend();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [pollId, resend]);

  return { send, resend, unsent, sending: sending > 0, saveStates };
}
