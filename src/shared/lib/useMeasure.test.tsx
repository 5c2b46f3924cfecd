import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useMeasure, type MeasureWhen } from './useMeasure';

/** A ResizeObserver the test drives: `resize(element)` is the browser seeing it change size. */
class TestResizeObserver {
  static watching: TestResizeObserver[] = [];
  readonly observed = new Set<Element>();
  constructor(private readonly callback: ResizeObserverCallback) {
    TestResizeObserver.watching.push(this);
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
  }
  static resize(element: Element) {
    act(() => {
      for (const observer of TestResizeObserver.watching)
        if (observer.observed.has(element))
          observer.callback([], observer as unknown as ResizeObserver);
    });
  }
}

/** jsdom lays nothing out: the box's width, as the browser would give it. */
function setWidth(element: HTMLElement, width: number) {
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: width });
}

const widthOf = (element: HTMLElement) => element.clientWidth;
/** A new object each time, equal key by key. */
const moreAfter = () => ({ before: false, after: true });

function Box({ when }: { when?: MeasureWhen }) {
  const [width, ref] = useMeasure(widthOf, 0, when);
  return (
    <div ref={ref} data-testid="box">
      <p data-testid="inside">{width} px</p>
    </div>
  );
}

beforeEach(() => {
  TestResizeObserver.watching = [];
  vi.stubGlobal('ResizeObserver', TestResizeObserver);
});

describe('useMeasure', () => {
  it('reads the element as it mounts, again as it resizes, and stops watching it unmounted', () => {
    const { unmount } = render(<Box />);
    const box = screen.getByTestId('box');
    expect(box).toHaveTextContent('0 px');
    setWidth(box, 974);
    TestResizeObserver.resize(box);
    expect(box).toHaveTextContent('974 px');
    setWidth(box, 320);
    TestResizeObserver.resize(box);
    expect(box).toHaveTextContent('320 px');

    unmount();
    expect(TestResizeObserver.watching.every((observer) => observer.observed.size === 0)).toBe(
      true,
    );
  });

  it('reads what it has the moment it mounts', () => {
    setWidth(HTMLDivElement.prototype as HTMLElement, 640);
    try {
      render(<Box />);
      expect(screen.getByTestId('box')).toHaveTextContent('640 px');
    } finally {
      Reflect.deleteProperty(HTMLDivElement.prototype, 'clientWidth');
    }
  });

  it('with `children`, reads it again as what it holds resizes', () => {
    render(<Box when={{ children: true }} />);
    const box = screen.getByTestId('box');
    setWidth(box, 500);
    TestResizeObserver.resize(screen.getByTestId('inside'));
    expect(box).toHaveTextContent('500 px');
  });

  it('with `scroll`, reads it again as it scrolls', () => {
    const { rerender } = render(<Box />);
    const box = screen.getByTestId('box');
    setWidth(box, 500);
    fireEvent.scroll(box);
    expect(box).toHaveTextContent('0 px');

    rerender(<Box when={{ scroll: true }} />);
    setWidth(box, 600);
    fireEvent.scroll(box);
    expect(box).toHaveTextContent('600 px');
  });

  it('reads it again when `changes` changes, with no resize', () => {
    const { rerender } = render(<Box when={{ changes: 3 }} />);
    const box = screen.getByTestId('box');
    setWidth(box, 700);
    rerender(<Box when={{ changes: 3 }} />);
    expect(box).toHaveTextContent('0 px');
    rerender(<Box when={{ changes: 4 }} />);
    expect(box).toHaveTextContent('700 px');
  });

  it('keeps the last measure when a new one is equal to it, key by key', () => {
    const seen: object[] = [];
    function Edges() {
      const [edges, ref] = useMeasure(moreAfter, { before: false, after: false });
      seen.push(edges);
      return <div ref={ref} data-testid="edges" data-after={edges.after} />;
    }
    render(<Edges />);
    const edges = screen.getByTestId('edges');
    expect(edges).toHaveAttribute('data-after', 'true');
    const measured = seen.at(-1);
    TestResizeObserver.resize(edges);
    TestResizeObserver.resize(edges);
    // The same object: what depends on it (a memo, an effect) sees no change.
    expect(seen.at(-1)).toBe(measured);
  });
});
