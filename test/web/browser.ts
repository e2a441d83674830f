// A real Chromium for the web tests: Debian's `chromium` (installed by .ci/run when missing),
// driven with playwright-core. Without a browser the tests fail, never skip.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(Boolean) as string[];

export async function launchBrowser(): Promise<Browser> {
  const executablePath = CANDIDATES.find((p) => fs.existsSync(p));
  if (!executablePath) throw new Error(`No Chromium found (tried ${CANDIDATES.join(', ')}): install Debian's chromium package (.ci/run does).`);
  return chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}

/** Screenshots are kept as test artifacts. */
export const ARTIFACTS = path.resolve('test-artifacts/web');
export function artifact(name: string): string {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  return path.join(ARTIFACTS, `${name}.png`);
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations on the page as it is now. */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  // Through the DevTools protocol: the page's own CSP (rightly) refuses inline scripts.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => (await (window as any).axe.run(document, { resultTypes: ['violations'] })).violations);
  return violations.filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
    .map((v: any) => `${v.id}: ${v.help} (${v.nodes.map((n: any) => n.target.join(' ')).slice(0, 3).join('; ')})`);
}
