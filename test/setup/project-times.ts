// A reporter line per project: its wall time in this run, from the moment its first file started in a
// worker to the end of its last file. Projects run side by side in one run, so the times overlap.
import type { Reporter, TestModule, Vitest } from 'vitest/node';

export default class ProjectTimes implements Reporter {
  private vitest?: Vitest;
  private spans = new Map<string, { start: number; end: number; files: number }>();

  onInit(vitest: Vitest) {
    this.vitest = vitest;
    this.spans.clear();
  }

  private span(m: TestModule) {
    const name = m.project.name || 'tests';
    let s = this.spans.get(name);
    if (!s) this.spans.set(name, (s = { start: Infinity, end: 0, files: 0 }));
    return s;
  }

  onTestModuleQueued(m: TestModule) {
    const s = this.span(m);
    s.start = Math.min(s.start, Date.now());
  }

  onTestModuleEnd(m: TestModule) {
    const s = this.span(m);
    s.end = Math.max(s.end, Date.now());
    s.files++;
  }

  onTestRunEnd() {
    for (const [name, s] of [...this.spans].sort()) {
      if (!s.files) continue;
      this.vitest?.logger.log(`project ${name}: ${s.files} files in ${((s.end - s.start) / 1000).toFixed(1)} s`);
    }
  }
}
