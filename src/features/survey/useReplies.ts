import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReplyRequest } from '../../api/contract/polls';
import { useSaveReplyMutation } from './api';
import { dropUnsent, keepUnsent, readUnsent } from './unsent';

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
  const resentOnce = useRef(false);

  const send = useCallback(
    async (driverId: number, questionId: number, reply: ReplyRequest) => {
      keepUnsent(pollId, questionId, { driverId, ...reply });
      setUnsent(readUnsent(pollId));
      setSending((count) => count + 1);
      try {
        await saveReply({ pollId, driverId, questionId, ...reply }).unwrap();
        dropUnsent(pollId, questionId, reply);
      } catch {
        // kept in storage; the error toast tells what went wrong
      } finally {
        setSending((count) => count - 1);
        setUnsent(readUnsent(pollId));
      }
    },
    [pollId, saveReply],
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

  return { send, resend, unsent, sending: sending > 0 };
}
