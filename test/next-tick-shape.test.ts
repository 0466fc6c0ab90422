import { describe, expect, it } from 'vitest';
import { keptTick } from '../src/server/next-tick-shape.ts';

/**
 * src/server/next-tick-shape.ts keeps one of Node's tick objects alive so that process.nextTick
 * stays on V8's fast path (docs/decisions/0012-next-tick-shape.md). That works only while Node
 * hands out the tick object itself as the async resource of a nextTick callback: this test says
 * when a Node upgrade changes that, and the decision must be looked at again.
 */
describe('the kept tick object', () => {
  it('is the tick object that ran its callback', async () => {
    await new Promise((resolve) => setImmediate(resolve));
    const tick = keptTick() as { callback?: { name?: string } } | undefined;
    expect(tick).toBeDefined();
    expect(tick!.callback?.name).toBe('keepOneTick');
  });
});
