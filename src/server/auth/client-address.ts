import { isIPv6 } from 'node:net';

/**
 * The client address as the shop's own counts key it (known sign-in addresses, mail counts), as
 * @fastify/rate-limit keys the per-address limits: an IPv4 address as it is, an IPv6 address by
 * its /64, the block one household or server is given (docs/decisions/0043-sign-in-limits.md).
 */
export function addressKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, '::' filled with zeros, without leading zeros; a zone (%eth0) dropped. */
function expandIPv6(ip: string): string[] {
  const [head = '', tail] = ip.split('%')[0]!.toLowerCase().split('::');
  const parts = (text: string) => (text === '' ? [] : text.split(':'));
  const left = parts(head);
  // A trailing dotted IPv4 part takes two groups.
  const right = parts(tail ?? '').flatMap((group) =>
    group.includes('.') ? ((b) => [((b[0]! << 8) | b[1]!).toString(16), ((b[2]! << 8) | b[3]!).toString(16)])(group.split('.').map(Number)) : [group],
  );
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => parseInt(group, 16).toString(16));
}
