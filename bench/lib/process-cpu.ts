import fs from 'node:fs';

/** A process's CPU time so far (user and system, every thread), from /proc, in seconds. */
export function cpuSeconds(pid: number | undefined): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are the 14th and 15th fields of the line, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
