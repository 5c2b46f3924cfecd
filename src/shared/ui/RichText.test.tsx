import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { escapeAngles, richTextParts } from '../lib/richText';
import { RichText } from './RichText';
import styles from './RichText.module.css';

describe('richTextParts', () => {
  it('links plain web addresses and leaves sentence punctuation outside', () => {
    expect(richTextParts('See https://example.com/plan?v=2, then www.acme.test/a_(b).')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/plan?v=2', href: 'https://example.com/plan?v=2' },
      { kind: 'text', text: ', then ' },
      { kind: 'link', text: 'www.acme.test/a_(b)', href: 'https://www.acme.test/a_(b)' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('keeps a closing bracket the address did not open out of the link', () => {
    expect(richTextParts('(see http://x.test/a)')).toEqual([
      { kind: 'text', text: '(see ' },
      { kind: 'link', text: 'http://x.test/a', href: 'http://x.test/a' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('never links other schemes', () => {
    expect(richTextParts('javascript:alert(1) data:text/html,<b>x</b>')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) data:text/html,<b>x</b>' },
    ]);
  });

  it('escapes angle brackets and ampersands for HTML', () => {
    expect(escapeAngles('<b>a & b</b>')).toBe('&lt;b&gt;a &amp; b&lt;/b&gt;');
  });
});

describe('RichText', () => {
  it('shows markup as typed text, links URLs, and runs nothing', () => {
    const attack =
      '<img src=x onerror="window.hacked=1"><script>window.hacked=2</script> report at https://example.com/r?a=1&b=<2>';
    const { container } = render(<RichText text={attack} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toBe(attack);
    const link = screen.getByRole('link', { name: 'https://example.com/r?a=1&b=' });
    expect(link).toHaveAttribute('href', 'https://example.com/r?a=1&b=');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
  });

  it('keeps line breaks', () => {
    const { container } = render(<RichText text={'one\ntwo'} />);
    // The style that shows the breaks (white-space: pre-wrap) is the rich-text class's.
    expect(container.firstElementChild).toHaveClass(styles.text!);
    expect(container.textContent).toBe('one\ntwo');
  });
});
