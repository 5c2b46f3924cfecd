import { richTextParts } from '../lib/richText';
import styles from './RichText.module.css';

/**
 * Free text as spec §5 shows it: angle brackets as typed, plain URLs as links that open in a new
 * tab, line breaks kept. React renders every part as text; nothing goes through innerHTML.
 */
export function RichText({ text, className = styles.text }: { text: string; className?: string }) {
  return (
    <p className={className}>
      {richTextParts(text).map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
