// A reporter line per project: its wall time in this run, from the moment its first file started in a
// worker to the end of its last file. Projects run side by side in one run, so the times overlap.
// Then every test that passed only when run again (CI retries the browser and mail tests once):
// a flaky test is named in the last lines of the log, never hidden by its retry.
import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node';

export default class ProjectTimes implements Reporter {
  private vitest?: Vitest;
  private spans = new Map<string, { start: number; end: number; files: number }>();
  private flaky: string[] = [];

  onInit(vitest: Vitest) {
    this.vitest = vitest;
    this.spans.clear();
    this.flaky = [];
  }

  onTestCaseResult(t: TestCase) {
    const d = t.diagnostic();
    if (d?.flaky)
      this.flaky.push(`${t.module.moduleId.replace(`${process.cwd()}/`, '')} > ${t.fullName} (${d.retryCount} retry)`);
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
    for (const f of this.flaky) this.vitest?.logger.log(`flaky, passed when run again: ${f}`);
  }
}
