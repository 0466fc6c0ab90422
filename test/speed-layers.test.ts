import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { layersOff, SPEED_LAYERS } from '../src/server/speed-layers.ts';

/** The bench-only switch that measures each speed layer with and without it (bench/layers.ts). */
describe('SPEED_LAYERS_OFF', () => {
  it('names layers, comma-separated; nothing means every layer on', () => {
    expect([...layersOff(undefined)]).toEqual([]);
    expect([...layersOff(' kept-answers, commit-with-last ')]).toEqual(['kept-answers', 'commit-with-last']);
    expect(Object.keys(SPEED_LAYERS)).toContain('session-cache');
  });

  it('refuses an unknown layer by name, and the shop does not start with it', () => {
    expect(() => layersOff('kept-answer')).toThrow(/unknown layer "kept-answer"; the layers are session-cache/);
    const run = spawnSync(process.execPath, ['src/server/main.ts'], { encoding: 'utf8', env: { ...process.env, SPEED_LAYERS_OFF: 'faster', PORT: '0', DATA_DIR: '/nonexistent-never-made' }, timeout: 20_000 });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('SPEED_LAYERS_OFF: unknown layer "faster"');
  });
});
