import { isIPv6 } from 'node:net';
import type { FastifyReply } from 'fastify';
import { STREAM_REFUSALS } from '../../shared/errors.ts';
import { HttpError } from './errors.ts';

/**
 * The address an event stream is counted under: an IPv4 address as it is (an IPv4-mapped IPv6
 * one too), an IPv6 address by its /64, the least one subscriber or host is given, so a client
 * cannot get past its cap by rotating the addresses of its own network.
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const address = ip.split('%')[0]!;
  if (!isIPv6(address)) return ip;
  const [head = '', tail] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  // An embedded IPv4 tail (::ffff:… or 64:ff9b::…) takes two groups; only the first four matter here.
  const right = tail === undefined || tail === '' ? [] : tail.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** A cap on streams held under one key (an address, a session, an account). */
export type StreamClaim = [key: string, cap: number];

/**
 * Open event streams of this process, counted per key and in all. A stream takes a slot under each
 * of its keys and one of the whole; it is refused when any of them is full. The whole is larger than
 * any one key's cap (config.ts), so one client cannot fill it alone.
 */
export class StreamSlots {
  private readonly total: number;
  private open = 0;
  private readonly held = new Map<string, number>();

  constructor(total: number) {
    this.total = total;
  }

  get size(): number {
    return this.open;
  }

  /** Takes the slots and answers how to give them back (once), or which cap refused. */
  take(claims: StreamClaim[]): { release: () => void } | { refused: 'client' | 'shop' } {
    for (const [key, cap] of claims) if ((this.held.get(key) ?? 0) >= cap) return { refused: 'client' };
    if (this.open >= this.total) return { refused: 'shop' };
    this.open += 1;
    for (const [key] of claims) this.held.set(key, (this.held.get(key) ?? 0) + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.open -= 1;
        for (const [key] of claims) {
          const left = this.held.get(key)! - 1;
          if (left === 0) this.held.delete(key);
          else this.held.set(key, left);
        }
      },
    };
  }

  /**
   * The slots, or a 429 in the shop's error shape with Retry-After: a client over its cap waits
   * longer than one that met a full shop, whose streams end and free slots all the time.
   */
  takeOrRefuse(reply: FastifyReply, claims: StreamClaim[]): () => void {
    const taken = this.take(claims);
    if ('release' in taken) return taken.release;
    const refusal = STREAM_REFUSALS[taken.refused];
    reply.header('retry-after', String(refusal.retryAfterSeconds));
    throw new HttpError(429, 'TOO_MANY_STREAMS', refusal.message);
  }
}

/**
 * When a stream is ended on purpose: its lifetime less up to a tenth, at random, so streams opened
 * together (a restart's reconnections) do not all end, and come back, in the same instant.
 */
export function streamLifetime(maxMs: number): number {
  return Math.round(maxMs * (0.9 + Math.random() * 0.1));
}
