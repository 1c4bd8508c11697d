import { describe, expect, it, vi } from 'vitest';
import { Deadline, onAbort } from './deadline.js';

describe('a screen’s deadline', () => {
  it('aborts once when its time passes, with a TimeoutError, and tells every listener still there', () => {
    vi.useFakeTimers();
    try {
      const deadline = new Deadline(1_000);
      const heard: string[] = [];
      onAbort(deadline, () => heard.push('a'));
      const removeB = onAbort(deadline, () => heard.push('b'));
      removeB();
      vi.advanceTimersByTime(999);
      expect(deadline.aborted).toBe(false);
      vi.advanceTimersByTime(1);
      expect(deadline.aborted).toBe(true);
      expect(deadline.reason).toMatchObject({ name: 'TimeoutError' });
      expect(heard).toEqual(['a']);
      deadline.abort(new Error('again'));
      expect(heard).toEqual(['a']);
      expect(deadline.listenerCount('abort')).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never fires once cleared (the screen was composed in time)', () => {
    vi.useFakeTimers();
    try {
      const deadline = new Deadline(1_000);
      deadline.clear();
      vi.advanceTimersByTime(5_000);
      expect(deadline.aborted).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('listens to an AbortSignal the same way', () => {
    const controller = new AbortController();
    let heard = 0;
    const remove = onAbort(controller.signal, () => heard++);
    remove();
    onAbort(controller.signal, () => heard++);
    controller.abort();
    expect(heard).toBe(1);
  });
});
