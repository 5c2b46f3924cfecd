import type { ReplyRequest } from '../../api/contract/polls';

/** Replies typed but not yet accepted by the server, per poll: nothing typed is lost. */
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

export function keepUnsent(pollId: number, questionId: number, reply: UnsentReply) {
  write(pollId, { ...readUnsent(pollId), [questionId]: reply });
}

/** Drops the stored reply once the server holds exactly it (a newer edit stays). */
export function dropUnsent(pollId: number, questionId: number, sent: ReplyRequest) {
  const replies = readUnsent(pollId);
  const stored = replies[questionId];
  if (stored && stored.answer === sent.answer && stored.comment === sent.comment) {
    delete replies[questionId];
    write(pollId, replies);
  }
}
