/** Link targets a server could answer that must never reach an href (React blocks only javascript:). */
export const UNSAFE_TARGETS = {
  data: 'data:text/html,<script>alert(document.domain)</script>',
  vbscript: 'vbscript:msgbox("Signed out")',
  javascript: 'javascript:alert(document.cookie)',
  offSite: '//evil.example/risks/1',
} as const;

const UNSAFE_HREF = /^[\s\p{Cc}]*(?:(?:data|vbscript|javascript):|\/\/|\/\\)/iu;

/** The hrefs in the document that are neither an in-app path nor a web address: none is expected. */
export function unsafeHrefs(root: ParentNode = document): string[] {
  return [...root.querySelectorAll('[href]')]
    .map((element) => element.getAttribute('href') ?? '')
    .filter((href) => UNSAFE_HREF.test(href));
}
