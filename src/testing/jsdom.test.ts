import { describe, expect, it } from 'vitest';
import { giveRegionLayout } from './jsdom';

/** A table's scroll box: the frame around the table whose caption is `captionId`. */
function tableFrame(captionId: string) {
  const frame = document.createElement('div');
  frame.innerHTML = `<table><caption id="${captionId}">Tools</caption></table>`;
  document.body.append(frame);
  return frame;
}

const own = (name: string) => Object.getOwnPropertyDescriptor(HTMLElement.prototype, name);

// The unit project shares a worker's globals across files (isolate: false): what one test
// defines on a prototype, every later test of the worker would see.
describe('giveRegionLayout', () => {
  const before = { width: own('clientWidth'), height: own('clientHeight') };

  it('gives the frame of the named table a viewport, every other element none', () => {
    giveRegionLayout('layout-caption', 400, 800);
    const frame = tableFrame('layout-caption');
    expect([frame.clientWidth, frame.clientHeight]).toEqual([800, 400]);
    expect(document.body.clientWidth).toBe(0);
    frame.remove();
  });

  it('is undone once the test that asked for it has finished', () => {
    const frame = tableFrame('layout-caption');
    expect([frame.clientWidth, frame.clientHeight]).toEqual([0, 0]);
    expect({ width: own('clientWidth'), height: own('clientHeight') }).toEqual(before);
    frame.remove();
  });

  it('called twice in one test, is undone back to jsdom', () => {
    giveRegionLayout('layout-caption', 400, 800);
    giveRegionLayout('other-caption', 300, 600);
    const frame = tableFrame('other-caption');
    expect(frame.clientWidth).toBe(600);
    frame.remove();
  });

  it('leaves nothing of either call', () => {
    expect({ width: own('clientWidth'), height: own('clientHeight') }).toEqual(before);
  });
});
