import { afterEach, describe, expect, it, vi } from 'vitest';
import { filesBody } from '../api/multipart';
import { useNodeFiles } from './nodeFiles';

/** The multipart bytes an upload sends, as the mock backend reads them. */
const sent = async (body: FormData) =>
  new TextDecoder().decode(
    await new Request('http://localhost/upload/', { method: 'POST', body }).arrayBuffer(),
  );

describe('uploads in unit tests', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('send a file with its name, type and bytes once the test uses Node’s files', async () => {
    await useNodeFiles();
    const body = await sent(
      filesBody([new File(['%PDF-1.4'], 'minutes.pdf', { type: 'application/pdf' })], {
        kind: 'consent',
      }),
    );
    expect(body).toContain('name="kind"\r\n\r\nconsent\r\n');
    expect(body).toContain(
      'name="files"; filename="minutes.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n',
    );
  });

  it('put jsdom’s File and FormData back after the test', async () => {
    const jsdom = { File, FormData };
    await useNodeFiles();
    expect(File).not.toBe(jsdom.File);
    vi.unstubAllGlobals();
    expect({ File, FormData }).toEqual(jsdom);
  });
});
