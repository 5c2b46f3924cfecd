// react-toastify's toast is the alert; its body needs no role of its own.
import { SafeHtml } from '../shared/ui/SafeHtml';
import { FALLBACK_HINT, FALLBACK_TITLE, isEmptyMessage, type ErrorMessage } from './errorMessages';

/** The body of the persistent error toast (spec §8). */
export function ErrorToast({ message }: { message: ErrorMessage }) {
  if (isEmptyMessage(message)) {
    return (
      <div>
        <strong>{FALLBACK_TITLE}</strong>
        <p>{FALLBACK_HINT}</p>
      </div>
    );
  }
  return (
    <div role="alert">
      {message.text.map((text, index) => (
        <p key={`text-${index}`}>{text}</p>
      ))}
      {message.html.map((markup, index) => (
        <SafeHtml key={`html-${index}`} element="p" html={markup} />
      ))}
      {message.fields.map(({ field, messages }) => (
        <div key={field}>
          <strong>{`Field "${field}":`}</strong>
          <ul>
            {messages.map((text, index) => (
              <li key={index}>{text}</li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
