/**
 * Who used the CPUs during a run (Linux /proc only): this process (servers and load generator),
 * the PostgreSQL server's processes (whoever their clients are), and everything else. On a shared
 * machine, "everything else" says whether a figure can be trusted.
 */
import fs from 'node:fs';

interface Snapshot {
  /** Busy ticks of all CPUs together (/proc/stat, all but idle and iowait). */
  busy: number;
  self: number;
  postgres: number;
  /** Ticks of every other process by `comm (pid)` (own ticks only: the kernel's threads among them). */
  others: Map<string, number>;
  at: number;
}

/** CPU used over a run, in cores (1.0 = one core busy the whole time). */
export interface CpuShare {
  total: number;
  self: number;
  postgres: number;
  other: number;
  /**
   * The other processes that used the most, as `comm (pid) 0.31` in cores (those above 0.02),
   * then what no living process accounts for (processes that ended, interrupts):
   * says what disturbed a run.
   */
  busiest: string;
}

/** USER_HZ: clock ticks per second of /proc (100 on every mainstream Linux build). */
const TICKS = 100;

/**
 * CPU ticks of /proc/<pid>/stat: utime + stime, plus cutime + cstime (children that ended and were
 * reaped) with `children`. PostgreSQL's postmaster reaps every backend and parallel worker, so the
 * sum over its processes with `children` keeps counting the CPU of those that end during a run.
 */
function processTicks(stat: string, children: boolean): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
  return fields[11]! + fields[12]! + (children ? fields[13]! + fields[14]! : 0);
}

function snapshot(): Snapshot | undefined {
  try {
    const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = cpu.slice(0, 8).reduce((a, b) => a + b, 0); // user … steal (guest time is already in user)
    const busy = total - (cpu[3] ?? 0) - (cpu[4] ?? 0);
    let postgres = 0;
    const others = new Map<string, number>();
    const self = String(process.pid);
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry) || entry === self) continue;
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        if (stat.includes('(postgres)')) postgres += processTicks(stat, true);
        else others.set(`${stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))} (${entry})`, processTicks(stat, false));
      } catch {
        /* the process ended meanwhile */
      }
    }
    return { busy, self: processTicks(fs.readFileSync('/proc/self/stat', 'utf8'), false), postgres, others, at: performance.now() };
  } catch {
    return undefined; // not Linux
  }
}

/** Starts counting; call the returned function at the end of the run. */
export function measureCpu(): () => CpuShare | undefined {
  const before = snapshot();
  return () => {
    const after = snapshot();
    if (!before || !after) return undefined;
    const seconds = (after.at - before.at) / 1000;
    const cores = (ticks: number) => Math.max(0, ticks / TICKS / seconds);
    const total = cores(after.busy - before.busy);
    const self = cores(after.self - before.self);
    const postgres = cores(after.postgres - before.postgres);
    const other = Math.max(0, total - self - postgres);
    const named = [...after.others].map(([name, ticks]) => ({ name, cores: cores(ticks - (before.others.get(name) ?? 0)) }));
    const top = named.filter((p) => p.cores >= 0.02).sort((a, b) => b.cores - a.cores).slice(0, 4);
    const unattributed = Math.max(0, other - named.reduce((n, p) => n + p.cores, 0));
    const busiest = [...top.map((p) => `${p.name} ${p.cores.toFixed(2)}`), `no living process ${unattributed.toFixed(2)}`].join(', ');
    return { total, self, postgres, other, busiest };
  };
}
