/**
 * A link to the API opened as a page or a download (a signed attachment link, `<a download>`) is a
 * navigation, and MSW's worker never answers navigations: on a static host it would reach the host
 * (the SPA's fallback, or a 404). In the static demo such a click is taken over: the file is
 * fetched (which the worker answers, signature checks and all) and handed to the downloads.
 */
function apiLinkOf(event: MouseEvent): HTMLAnchorElement | undefined {
  if (event.defaultPrevented || event.button !== 0) return undefined;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement)) return undefined;
  const url = new URL(link.href, location.href);
  return url.origin === location.origin && url.pathname.startsWith('/api/') ? link : undefined;
}

/** The file name of an answer's Content-Disposition, else the link's `download`, else the path's. */
function fileNameOf(answer: Response, link: HTMLAnchorElement): string {
  const disposition = answer.headers.get('Content-Disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  const name = star ? decodeURIComponent(star) : plain;
  return name ?? (link.download || new URL(link.href).pathname.split('/').filter(Boolean).pop()!);
}

async function download(link: HTMLAnchorElement): Promise<void> {
  const answer = await fetch(link.href, { credentials: 'include' });
  if (!answer.ok) {
    // As the server's own page would: its answer, in this tab.
    window.alert(`The file could not be downloaded (${answer.status}).`);
    return;
  }
  const url = URL.createObjectURL(await answer.blob());
  const save = document.createElement('a');
  save.href = url;
  save.download = fileNameOf(answer, link);
  document.body.append(save);
  save.click();
  save.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Takes over clicks on links to the API for as long as the page lives. */
export function answerApiLinksInThePage(): void {
  document.addEventListener(
    'click',
    (event) => {
      const link = apiLinkOf(event);
      if (!link) return;
      event.preventDefault();
      void download(link);
    },
    true,
  );
}
