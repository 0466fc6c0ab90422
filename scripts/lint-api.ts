/**
 * `npm run lint:api`: writes the API reference (scripts/openapi-document.ts) and lints it with
 * Spectral (.spectral.yaml) and Redocly (redocly.yaml); any error fails. Each ruleset raises the
 * checks a client relies on (operationId, security, 4xx answers, unused components) to errors.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openApiDocument } from './openapi-document.ts';

const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lint-api-')), 'openapi.json');
fs.writeFileSync(file, JSON.stringify(await openApiDocument(), null, 2));

const runs: Array<[string, string[]]> = [
  ['spectral', ['lint', '--ruleset', '.spectral.yaml', '--fail-severity', 'warn', file]],
  ['redocly', ['lint', '--config', 'redocly.yaml', '--format', 'stylish', file]],
];
let failed = false;
for (const [command, args] of runs) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
fs.rmSync(path.dirname(file), { recursive: true, force: true });
process.exitCode = failed ? 1 : 0;
