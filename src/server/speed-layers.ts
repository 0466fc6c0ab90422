/**
 * The shop's speed layers, each in one module behind a plain interface. Each must earn at least
 * 1.5× on a path with a goal (docs/product.md §15), measured with and without it in one round by
 * `npm run bench:layers`, which starts a second shop with SPEED_LAYERS_OFF=<layer>: a bench-only
 * switch, every layer is on without it (docs/decisions/0042-speed-layers-measured.md).
 */
export const SPEED_LAYERS = {
  'session-cache': 'callers kept between requests (auth/session-cache.ts)',
  'kept-answers': "a customer's own reads kept until written (http/kept-answers.ts)",
  'statements-made-once': 'each statement compiled and prepared once (db/statements-made-once.ts)',
  'lazy-child-logger': "a request's logger made when it writes (http/lazy-child-logger.ts)",
  'commit-with-last': "PostgreSQL: a transaction's last statement sent with its COMMIT (db/commit-with-last.ts)",
} as const;

export type SpeedLayer = keyof typeof SPEED_LAYERS;

const off = layersOff(process.env.SPEED_LAYERS_OFF);

/** Whether `layer` runs in this process (all do unless SPEED_LAYERS_OFF names them). */
export function layerOn(layer: SpeedLayer): boolean {
  return !off.has(layer);
}

/** The layers a SPEED_LAYERS_OFF value names, comma-separated; an unknown name is an error. */
export function layersOff(value: string | undefined): Set<SpeedLayer> {
  const names = (value ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  for (const name of names) {
    if (!(name in SPEED_LAYERS)) throw new Error(`SPEED_LAYERS_OFF: unknown layer "${name}"; the layers are ${Object.keys(SPEED_LAYERS).join(', ')}`);
  }
  return new Set(names as SpeedLayer[]);
}
