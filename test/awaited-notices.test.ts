import { afterEach, describe, expect, it, vi } from 'vitest';
import { AwaitedNotices } from '../src/server/events/awaited-notices.ts';

/**
 * What an answer after a write waits for on PostgreSQL (src/server/events/awaited-notices.ts): the
 * notice its statement's trigger sends when it commits. The notice arrives on another socket than
 * the statement's answer, and may be read first.
 */
afterEach(() => vi.useRealTimers());

describe('waiting for a write’s notice', () => {
  it('waits until a notice naming the key is heard, and any notice releases a write of nobody in particular', async () => {
    const notices = new AwaitedNotices();
    notices.wrote('ada', performance.now());
    notices.wrote(AwaitedNotices.ANY, performance.now());
    const waited = notices.pending('ada');
    expect(waited).toBeDefined();
    notices.heard('bob');
    expect(notices.pending('bob')).toBeUndefined();
    expect(notices.pending('ada')).toBeDefined();
    notices.heard('ada');
    await waited;
    expect(notices.pending('ada')).toBeUndefined();
  });

  it('counts a notice heard after the statement was sent and before its answer as come', () => {
    const notices = new AwaitedNotices();
    const sentAt = performance.now();
    notices.heard('ada');
    notices.wrote('ada', sentAt);
    expect(notices.pending('ada')).toBeUndefined();
  });

  it('does not count a notice heard before the statement was sent', () => {
    vi.useFakeTimers();
    const notices = new AwaitedNotices();
    notices.heard('ada');
    vi.advanceTimersByTime(5);
    notices.wrote('ada', performance.now());
    expect(notices.pending('ada')).toBeDefined();
  });

  it('a notice naming everyone answers every wait, before or after the write’s answer', () => {
    const notices = new AwaitedNotices();
    const sentAt = performance.now();
    notices.wrote('ada', sentAt);
    notices.heard(undefined);
    expect(notices.pending('ada')).toBeUndefined();
    notices.wrote('bob', sentAt);
    expect(notices.pending('bob')).toBeUndefined();
  });

  it('gives up after 200 ms (a write rolled back sends nothing), and the next write waits for its own notice', async () => {
    vi.useFakeTimers();
    const notices = new AwaitedNotices();
    notices.wrote('ada', performance.now());
    const waited = notices.pending('ada')!;
    vi.advanceTimersByTime(200);
    await waited;
    expect(notices.pending('ada')).toBeUndefined();
    notices.wrote('ada', performance.now());
    expect(notices.pending('ada')).toBeDefined();
  });
});
