/**
 * CPU time of processes on this machine, read from /proc (Linux): what a process spent on the CPU in
 * user and system mode, whichever process is measuring. The benches use it for the server's own cost
 * and for PostgreSQL's backends, so neither is guessed from the wall clock of a shared machine.
 */
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';

let ticks: number | undefined;
/** Clock ticks per second of /proc's counters (USER_HZ), nearly always 100. */
function clockTicks(): number {
  if (ticks === undefined) {
    try {
      ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticks = 100;
    }
  }
  return ticks;
}

/** Milliseconds of CPU (user + system, own threads included) a process has used; null once it is gone. */
export function processCpuMs(pid: number): number | null {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / clockTicks();
}

/** CPU of a set of processes between two readings; a process that appears later counts from zero. */
export class CpuMeter {
  private start = new Map<number, number>();

  constructor(private readonly pids: () => Promise<number[]> | number[]) {}

  async begin(): Promise<void> {
    this.start.clear();
    for (const pid of await this.pids()) {
      const ms = processCpuMs(pid);
      if (ms !== null) this.start.set(pid, ms);
    }
  }

  /** CPU ms used since begin() by the processes alive now (one that ended in between is not counted). */
  async end(): Promise<number> {
    let total = 0;
    for (const pid of await this.pids()) {
      const ms = processCpuMs(pid);
      if (ms !== null) total += ms - (this.start.get(pid) ?? 0);
    }
    return total;
  }
}
