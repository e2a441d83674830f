// One Node version everywhere: package.json's engines, the Dockerfile's base image, README, and
// every installed package's own engines field. A dependency that declares a newer Node than the one
// we ship would be a bug waiting for the first code path that needs it.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(path.resolve('package.json'));
const semver = require('semver') as {
  satisfies(v: string, r: string): boolean;
  minVersion(r: string): { version: string } | null;
};
const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
};
const minimum = semver.minVersion(pkg.engines.node)!.version;
const major = minimum.split('.')[0]!;

describe('Node versions agree', () => {
  it('every package in the lockfile supports the oldest Node that package.json allows', () => {
    const refusing: string[] = [];
    for (const [where, entry] of Object.entries(lock.packages)) {
      const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (where && node && !semver.satisfies(minimum, node)) refusing.push(`${where} wants node ${node}`);
    }
    expect(refusing).toEqual([]);
  });

  it('the Dockerfile, README and the running Node are of the same major version', () => {
    const bases = [...fs.readFileSync('Dockerfile', 'utf8').matchAll(/^FROM node:(\d+)/gm)].map((m) => m[1]);
    expect(bases.length).toBeGreaterThan(0);
    expect(new Set(bases)).toEqual(new Set([major]));
    expect(fs.readFileSync('README.md', 'utf8')).toContain(`Node.js ${major}`);
    expect(semver.satisfies(process.versions.node, pkg.engines.node)).toBe(true);
  });
});
