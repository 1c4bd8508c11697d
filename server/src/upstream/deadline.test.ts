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

  it('takes as many calls at once as a screen makes, without a warning', async () => {
    const warnings: Error[] = [];
    const warned = (warning: Error) => warnings.push(warning);
    process.on('warning', warned);
    try {
      const deadline = new Deadline(60_000);
      const removers = Array.from({ length: 50 }, () => onAbort(deadline, () => undefined));
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).toEqual([]);
      for (const remove of removers) remove();
      expect(deadline.listenerCount('abort')).toBe(0);
      deadline.clear();
    } finally {
      process.off('warning', warned);
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
