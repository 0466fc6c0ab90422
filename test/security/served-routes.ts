/** (method route) alternatives for every leaf of Fastify's route tree, HEAD left out. */
export function servedRoutes(tree: string): string[][] {
  const stack: string[] = [];
  const out: string[][] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)(?:├── |└── )(.*?) \(([A-Z, ]+)\)$/u.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const segment = match[2]!;
    stack.length = depth;
    const parent = stack[depth - 1] ?? '';
    // Fastify prints two parameters at one place as ":a|:b"; either name is the route.
    const paths = segment === '*' ? [`${parent}*`] : segment.split('|').map((part, i) => (i === 0 ? parent + part : parent + segment.split('|')[0]!.replace(/:[^/]*$/, '') + part));
    stack[depth] = paths[0]!;
    for (const method of match[3]!.split(', ').filter((m) => m !== 'HEAD')) out.push(paths.map((p) => `${method} ${p}`));
  }
  return out;
}
