import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useUrlText } from './useDebounced';

/** The hook under a URL the test moves by hand: `commit` records, `rerender` is the URL changing. */
function renderUrlText(urlValue: string) {
  const commit = vi.fn<(value: string) => void>();
  const view = renderHook((props: { urlValue: string }) => useUrlText(props.urlValue, commit), {
    initialProps: { urlValue },
  });
  const type = (text: string) => act(() => view.result.current[1](text));
  const urlBecomes = (value: string) => view.rerender({ urlValue: value });
  const text = () => view.result.current[0];
  return { commit, type, urlBecomes, text };
}

const waitForDebounce = () => act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));

describe('useUrlText', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes the trimmed text once the typing stops', () => {
    const box = renderUrlText('');
    box.type('fir');
    box.type('fire ');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(box.commit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(box.commit).toHaveBeenCalledExactlyOnceWith('fire');
    expect(box.text()).toBe('fire ');
  });

  it('keeps keys typed after its own write when that write comes back through the URL', () => {
    const box = renderUrlText('');
    box.type('fire');
    waitForDebounce();
    expect(box.commit).toHaveBeenLastCalledWith('fire');
    box.type('fire alarm');
    box.urlBecomes('fire');
    expect(box.text()).toBe('fire alarm');
    waitForDebounce();
    expect(box.commit).toHaveBeenLastCalledWith('fire alarm');
  });

  it('follows a URL change from elsewhere, such as Reset, after its own write came back', () => {
    const box = renderUrlText('');
    box.type('fire');
    waitForDebounce();
    box.urlBecomes('fire');
    box.urlBecomes('');
    expect(box.text()).toBe('');
    waitForDebounce();
    expect(box.commit).toHaveBeenCalledTimes(1);
  });

  it('follows a URL change from elsewhere that arrives instead of its own write', () => {
    const box = renderUrlText('flood');
    box.type('fire');
    waitForDebounce();
    box.urlBecomes('storm');
    expect(box.text()).toBe('storm');
    waitForDebounce();
    expect(box.commit).toHaveBeenCalledTimes(1);
  });
});
