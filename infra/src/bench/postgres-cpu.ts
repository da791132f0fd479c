import fs from 'node:fs';
import type pg from 'pg';

/** Clock ticks per second of /proc's CPU times (USER_HZ), 100 on Linux. */
const TICKS_PER_SECOND = 100;

/** Fields of /proc/PID/stat after the command name (which may hold spaces): 0 is the state. */
function statFields(pid: number): string[] {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}
const PPID = 1;
const UTIME = 11;
const STIME = 12;
const CUTIME = 13;
const CSTIME = 14;

/**
 * CPU time spent by a PostgreSQL server on this machine, read from /proc: the postmaster,
 * every process it runs now, and those it has reaped. A replay's figure depends on the
 * machine's load; the CPU it takes does much less, and says whether the time went to this
 * process or to the database. Null where /proc cannot tell (another OS, a remote server).
 */
export async function postgresCpuMeter(client: pg.Client): Promise<(() => number) | null> {
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const postmaster = Number(statFields(rows[0].pid)[PPID]);
    const ms = () => {
      const own = statFields(postmaster);
      let ticks = Number(own[UTIME]) + Number(own[STIME]) + Number(own[CUTIME]) + Number(own[CSTIME]);
      for (const entry of fs.readdirSync('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        try {
          const fields = statFields(Number(entry));
          if (Number(fields[PPID]) === postmaster) ticks += Number(fields[UTIME]) + Number(fields[STIME]);
        } catch {
          // The process ended between the listing and the read.
        }
      }
      return (ticks * 1000) / TICKS_PER_SECOND;
    };
    ms();
    return ms;
  } catch {
    return null;
  }
}

/** This process's CPU time so far, in milliseconds. */
export const nodeCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** CPU time of the server process behind one connection, in milliseconds (null where /proc cannot tell). */
export async function backendCpuMs(client: pg.Client): Promise<number | null> {
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const fields = statFields(rows[0].pid);
    return ((Number(fields[UTIME]) + Number(fields[STIME])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
