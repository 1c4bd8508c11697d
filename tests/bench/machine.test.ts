import { describe, expect, it } from 'vitest';
import { describeMachine } from '../../bench/machine.js';

const cpuinfo = (flags: string) => `processor\t: 0\nmodel name\t: AMD EPYC\nflags\t\t: fpu vme ${flags} avx2\n\nprocessor\t: 1\nmodel name\t: AMD EPYC\nflags\t\t: fpu vme ${flags} avx2\n`;

describe('the machine a bench ran on', () => {
  it('says when every system call empties the TLB: a virtual machine isolating page tables without PCID', () => {
    expect(describeMachine({ cpuinfo: cpuinfo('hypervisor pti'), meltdown: 'Mitigation: PTI', clocksource: 'kvm-clock', cores: 2 })).toBe(
      'machine: 2 cores, AMD EPYC, virtual machine, page tables isolated (PTI) without PCID: every system call empties the TLB, clock kvm-clock',
    );
  });

  it('tells a machine whose kernel keeps one set of page tables from one that isolates them', () => {
    expect(describeMachine({ cpuinfo: cpuinfo('hypervisor pcid'), meltdown: 'Not affected', clocksource: 'tsc', cores: 2 })).toBe(
      'machine: 2 cores, AMD EPYC, virtual machine, page tables not isolated, clock tsc',
    );
    expect(describeMachine({ cpuinfo: cpuinfo('pcid pti'), meltdown: 'Mitigation: PTI', clocksource: 'tsc', cores: 8 })).toContain('no hypervisor seen, page tables isolated (PTI) with PCID');
  });

  it('still prints a line where /proc and /sys cannot be read', () => {
    expect(describeMachine({ cpuinfo: '', meltdown: '', clocksource: '', cores: 1 })).toBe('machine: 1 core, unknown processor, no hypervisor seen, page tables not isolated, clock unknown');
  });
});
