import type { ReplyRequest } from '../../api/contract/polls';

/**
 * Replies typed but not yet accepted by the server, per poll: nothing typed is lost. Only the fields
 * the user changed are kept, and sent again, so a resend never clears what another tab saved.
 */
export interface UnsentReply extends ReplyRequest {
  driverId: number;
}

const key = (pollId: number) => `pep.survey.unsent.${pollId}`;

export function readUnsent(pollId: number): Record<string, UnsentReply> {
  try {
    const raw = localStorage.getItem(key(pollId));
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, UnsentReply>) : {};
  } catch {
    return {};
  }
}

function write(pollId: number, replies: Record<string, UnsentReply>) {
  try {
    if (Object.keys(replies).length === 0) localStorage.removeItem(key(pollId));
    else localStorage.setItem(key(pollId), JSON.stringify(replies));
  } catch {
    // storage full or blocked: the reply still goes to the server
  }
}

/** Keeps what the user changed on a question, beside what is still unsent of it. */
export function keepUnsent(pollId: number, questionId: number, reply: UnsentReply) {
  const replies = readUnsent(pollId);
  write(pollId, { ...replies, [questionId]: { ...replies[questionId], ...reply } });
}

/** Drops each field the server now holds as sent (a newer edit of it, or another field, stays). */
export function dropUnsent(pollId: number, questionId: number, sent: ReplyRequest) {
  const replies = readUnsent(pollId);
  const stored = replies[questionId];
  if (!stored) return;
  const left = { ...stored };
  if ('answer' in sent && left.answer === sent.answer) delete left.answer;
  if ('comment' in sent && left.comment === sent.comment) delete left.comment;
  if (left.answer === undefined && left.comment === undefined) delete replies[questionId];
  else replies[questionId] = left;
  write(pollId, replies);
}
