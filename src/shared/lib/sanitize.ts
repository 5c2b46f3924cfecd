import DOMPurify from 'dompurify';

let hooked = false;

/** Every piece of server HTML goes through here before it reaches the DOM. */
export function sanitizeHtml(html: string): string {
  if (!hooked) {
    hooked = true;
    // Links that open a new tab must not hand the opener to the target.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
  }
  return DOMPurify.sanitize(html, { ADD_ATTR: ['target'] });
}
