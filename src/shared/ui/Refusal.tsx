import styles from './Refusal.module.css';

export const REFUSAL_FALLBACK = 'The change could not be saved. Try again.';

/**
 * Every message of a refused call (DRF's `detail`, `non_field_errors` and field lists), in the
 * order the answer gives them; the fallback when it names none.
 */
export function refusalMessages(error: unknown, fallback = REFUSAL_FALLBACK): string[] {
  const data = (error as { data?: unknown } | undefined)?.data;
  const messages: string[] = [];
  if (data && typeof data === 'object')
    for (const value of Object.values(data as Record<string, unknown>))
      if (Array.isArray(value)) messages.push(...value.filter((m) => typeof m === 'string'));
      else if (typeof value === 'string') messages.push(value);
  return messages.length > 0 ? messages : [fallback];
}

/**
 * The refusal of a step confirmed in a dialog, kept in the dialog for another try (role alert,
 * so it is read at once). Nothing when there is none.
 */
export function Refusal({ messages }: { messages: readonly string[] | null }) {
  if (!messages) return null;
  return (
    <div role="alert" className={styles.refusal}>
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}
