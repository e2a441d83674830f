// `.env` is read at start (as .env.example suggests), real environment variables win, and an
// unknown or malformed setting is refused with its name and line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { environment, loadConfig, parseDotEnv } from '../../src/config.ts';

function dir(text: string): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'kahu-env-'));
  fs.writeFileSync(path.join(d, '.env'), text);
  return d;
}

describe('.env', () => {
  it('is read, with real environment variables taking precedence', () => {
    const d = dir('# a comment\nPORT=4100\nMAIL_FROM="kahu <judge@example.org>"\nexport LOG_LEVEL=warn # quiet\n');
    const c = loadConfig(environment(d, { PORT: '4200' }));
    expect(c.port).toBe(4200);
    expect(c.mailFrom).toBe('kahu <judge@example.org>');
    expect(c.logLevel).toBe('warn');
    expect(loadConfig(environment(d, {})).port).toBe(4100);
  });

  it('refuses unknown and malformed settings, naming them', () => {
    expect(() => parseDotEnv('PORT=1\nPROT=2\n', '.env')).toThrow(/\.env:2: unknown setting PROT/);
    expect(() => parseDotEnv('just words\n', '.env')).toThrow(/\.env:1: not KEY=value/);
    expect(() => loadConfig(environment(dir('PORT=eighty\n'), {}))).toThrow(/PORT/);
  });

  it('the example file is a valid .env', () => {
    expect(() => parseDotEnv(fs.readFileSync('.env.example', 'utf8'))).not.toThrow();
  });
});
