/**
 * The machine a bench ran on, in one line: what decides how much a request costs beyond the code.
 * On a virtual machine whose kernel isolates its page tables (PTI) and whose processor lacks PCID,
 * every system call empties the TLB, and a process that touches more memory per request (the app
 * against a bare Fastify hello) pays more for each of its reads and writes, and the ratio of the two
 * moves with the machine (docs/performance.md). Figures are compared within one run; this line says
 * when two runs were not made on comparable machines.
 */
import { cpus } from 'node:os';
import { readFileSync } from 'node:fs';

/** What Linux says of the machine, as read from /proc and /sys (empty when not readable). */
export interface MachineReadings {
  cpuinfo: string;
  /** /sys/devices/system/cpu/vulnerabilities/meltdown, e.g. `Mitigation: PTI` or `Not affected`. */
  meltdown: string;
  /** /sys/devices/system/clocksource/clocksource0/current_clocksource, e.g. `tsc`, `kvm-clock`. */
  clocksource: string;
  cores: number;
}

/** The one-line description of `readings`. */
export function describeMachine(readings: MachineReadings): string {
  const model = /^model name\s*:\s*(.+)$/m.exec(readings.cpuinfo)?.[1]?.trim() ?? 'unknown processor';
  const flags = new Set(/^flags\s*:\s*(.+)$/m.exec(readings.cpuinfo)?.[1]?.split(/\s+/) ?? []);
  const isolated = readings.meltdown.includes('PTI') || flags.has('pti');
  const parts = [
    `${readings.cores} ${readings.cores === 1 ? 'core' : 'cores'}`,
    model,
    flags.has('hypervisor') ? 'virtual machine' : 'no hypervisor seen',
    isolated ? `page tables isolated (PTI)${flags.has('pcid') ? ' with PCID' : ' without PCID: every system call empties the TLB'}` : 'page tables not isolated',
    `clock ${readings.clocksource || 'unknown'}`,
  ];
  return `machine: ${parts.join(', ')}`;
}

function readOr(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return '';
  }
}

/** This machine's description (see describeMachine). */
export function machineLine(): string {
  return describeMachine({
    cpuinfo: readOr('/proc/cpuinfo'),
    meltdown: readOr('/sys/devices/system/cpu/vulnerabilities/meltdown'),
    clocksource: readOr('/sys/devices/system/clocksource/clocksource0/current_clocksource'),
    cores: cpus().length,
  });
}
