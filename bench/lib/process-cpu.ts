import fs from 'node:fs';

/** A process's CPU time so far (user and system, every thread), from /proc, in seconds. */
export function cpuSeconds(pid: number | undefined): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are the 14th and 15th fields of the line, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * The CPU time so far of every PostgreSQL process on this machine (the benchmarks' throw-away
 * cluster is the only one), in seconds: what the database costs a load, beside the shop's own.
 */
export function postgresCpuSeconds(): number {
  let seconds = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') seconds += cpuSeconds(Number(entry));
    } catch {
      // The process ended between the listing and the reading.
    }
  }
  return seconds;
}
