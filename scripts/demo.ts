// npm run demo — plays a short Heiau Race game (Spring, Fall, Winter of year 1) against a running
// kahu server through its HTTP API, and prints what the players would see.
//
// Start the server first (`npm start`), then in another terminal `npm run demo`.
// KAHU_URL (default http://127.0.0.1:3000) and DATA_DIR (default ./.data) must match the server:
// the demo reads the API tokens from the mail the server writes to $DATA_DIR/outbox (.eml files),
// exactly as a player would read them from their mailbox. (With SMTP_URL set, tokens go to real
// mailboxes and the demo cannot read them.)
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';

const BASE = (process.env.KAHU_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`).replace(/\/$/, '');
const OUTBOX = path.resolve(process.env.DATA_DIR ?? './.data', 'outbox');
const run = Date.now().toString(36);
const say = (s = '') => process.stdout.write(s + '\n');
const rule = (title: string) => say(`\n${'='.repeat(8)} ${title} ${'='.repeat(Math.max(0, 60 - title.length))}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function api(method: string, url: string, token?: string, body?: unknown): Promise<any> {
  const res = await fetch(BASE + url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  const data = text ? JSON.parse(text) : null;
  if (!res.ok)
    throw Object.assign(new Error(`${method} ${url}: ${res.status} ${data?.detail ?? text}`), {
      status: res.status,
      data,
    });
  return data;
}

/** Mail the server wrote for an address (newest last). */
async function mailTo(email: string): Promise<{ subject: string; text: string; file: string }[]> {
  if (!fs.existsSync(OUTBOX)) return [];
  const out = [];
  for (const f of fs
    .readdirSync(OUTBOX)
    .filter((f) => f.endsWith('.eml'))
    .sort()) {
    const m = await simpleParser(fs.readFileSync(path.join(OUTBOX, f)));
    const to = m.to && !Array.isArray(m.to) ? m.to.text : '';
    if (to.toLowerCase() === email) out.push({ subject: m.subject ?? '', text: m.text ?? '', file: f });
  }
  return out;
}

async function waitForMail(
  email: string,
  match: (m: { subject: string }) => boolean,
  seen = 0,
): Promise<{ subject: string; text: string }> {
  for (let i = 0; i < 120; i++) {
    const list = (await mailTo(email)).filter(match);
    if (list.length > seen) return list[list.length - 1];
    await sleep(500);
  }
  throw new Error(`no mail for ${email} after 60 s: is the worker running, with mail going to ${OUTBOX}?`);
}

async function account(name: string): Promise<{ email: string; token: string; name: string }> {
  const email = `${name.toLowerCase()}-${run}@example.org`;
  await api('POST', '/accounts', undefined, { email, name, timeZone: 'Pacific/Honolulu' });
  const mail = await waitForMail(email, (m) => /token/i.test(m.subject));
  const token = /(kahu_[A-Za-z0-9_-]{43})/.exec(mail.text)![1];
  say(`  ${name} registered as ${email}; the token came by email (${mail.subject}).`);
  return { email, token, name };
}

async function waitForPhase(gameId: string, token: string, label: string) {
  for (let i = 0; i < 240; i++) {
    const g = await api('GET', `/games/${gameId}`, token);
    if (g.phase?.label === label || (label === 'over' && g.status === 'finished')) return g;
    await sleep(500);
  }
  throw new Error(`the game did not reach ${label}: is the worker running?`);
}

async function main() {
  try {
    await api('GET', '/health');
  } catch {
    say(`No kahu server answers at ${BASE}. Start one with \`npm start\` (and set KAHU_URL if it is elsewhere).`);
    process.exit(1);
  }
  rule('Accounts');
  const mod = await account('Kahuna');
  const alii = await account('Alii');
  const makoa = await account('Makoa');

  rule('A Heiau Race game');
  const game = await api('POST', '/games', mod.token, {
    name: `Demo race ${run}`,
    variant: 'heiau',
    scenario: 'race',
    nmrPolicy: 'hold',
    deadlines: { longerEachYear: { minutesPerYear: 3 }, earlyProcessing: true, reminderMinutes: 1 },
  });
  say(
    `  ${mod.name} created "${game.name}" (${game.variant}/${game.scenario}); deadlines: three minutes times the number of the year.`,
  );
  for (const p of [alii, makoa]) await api('POST', `/games/${game.id}/invitations`, mod.token, { email: p.email });
  for (const p of [alii, makoa]) await api('POST', `/games/${game.id}/join`, p.token);
  const started = await api('POST', `/games/${game.id}/start`, mod.token);
  const roleOf: Record<string, string> = Object.fromEntries(started.players.map((p: any) => [p.email, p.role]));
  say(
    `  Started. Powers drawn from the seed: ${alii.name} plays ${roleOf[alii.email]}, ${makoa.name} plays ${roleOf[makoa.email]}.`,
  );
  say(`  Seed hash (published now, seed revealed at the end): ${started.seedHash}`);
  const byRole = Object.fromEntries([alii, makoa].map((p) => [roleOf[p.email], p]));
  const sunrise = byRole.Sunrise;
  const sunset = byRole.Sunset;

  const play = async (label: string, next: string, orders: Record<string, string>) => {
    rule(label);
    for (const [role, text] of Object.entries(orders)) {
      const who = byRole[role];
      const r = await api('PUT', `/games/${game.id}/orders`, who.token, { text, ready: true });
      say(`  ${who.name} (${role}) sends:`);
      for (const l of r.lines)
        say(`    ${l.line}. ${l.text.padEnd(28)} -> ${l.ok ? l.reading : 'REJECTED: ' + l.error}`);
      say(`    receipt ${r.receipt.hash.slice(0, 16)}… at ${r.receipt.at}; ready`);
    }
    say('  Everyone is ready: the worker processes the phase early.');
    const seen = (await mailTo(sunset.email)).filter((m) => /results/.test(m.subject)).length;
    const g = await waitForPhase(game.id, sunset.token, next);
    const mail = await waitForMail(sunset.email, (m) => /results/.test(m.subject), seen);
    say(`\n  --- The results email ${sunset.name} (${roleOf[sunset.email]}) got: "${mail.subject}" ---`);
    say(
      mail.text
        .replace(/\n-- \n[\s\S]*$/, '')
        .split('\n')
        .map((l) => '  | ' + l)
        .join('\n'),
    );
    return g;
  };

  // A bad order is rejected line by line, and nothing is stored.
  rule('A mistake');
  try {
    await api('PUT', `/games/${game.id}/orders`, sunrise.token, {
      text: 'B Kona-Kailua - Kawaihae\nB Puna - Atlantis',
    });
  } catch (err: any) {
    say(`  ${sunrise.name} sends an order to Atlantis: HTTP ${err.status} ${err.data.title}`);
    for (const e of err.data.errors) say(`    line ${e.line} "${e.text}": ${e.message}`);
  }

  await play('Spring 1 Movement', 'Fall 1 Movement', {
    Sunrise: 'B Kona-Kailua - Kawaihae\nB Puna H',
    Sunset: 'B Kilauea - Wailua\nB Aiea H',
  });
  await play('Fall 1 Movement', 'Winter 1 Adjustments', {
    Sunrise: 'B Kawaihae H\nB Puna H',
    Sunset: 'B Wailua H\nB Aiea H',
  });
  const spring2 = await play('Winter 1 Adjustments', 'Spring 2 Movement', {
    Sunrise: 'Build A Kona-Kailua',
    Sunset: 'Build A Kilauea',
  });

  rule('What a player sees now');
  say(
    spring2.position
      .split('\n')
      .map((l: string) => '  ' + l)
      .join('\n'),
  );
  say(`  Next deadline (Spring 2, six minutes): ${spring2.phase.deadlineAt}`);
  const hist = await api('GET', `/games/${game.id}/history`, sunset.token);
  say(
    `  History: ${hist.phases
      .map(
        (p: any) =>
          `${p.label} [${p.status}${
            p.centres
              ? ' ' +
                Object.entries(p.centres)
                  .map(([k, v]) => `${k} ${v}`)
                  .join(', ')
              : ''
          }]`,
      )
      .join('; ')}`,
  );

  rule('The end');
  const ended = await api('POST', `/games/${game.id}/draw`, mod.token, { reason: 'demo over' });
  say(`  ${mod.name} declared a draw. The seed is now public: ${ended.seed}`);
  const replay = await api('GET', `/games/${game.id}/replay`, sunset.token);
  say(
    `  Replayed from the seed and the recorded orders: ${replay.ok ? 'every phase matches' : 'MISMATCH ' + JSON.stringify(replay.mismatches)} (${replay.phases} phases).`,
  );
  say(`\n  Docs: ${BASE}/docs   Mail: ${OUTBOX}`);
}

main().catch((err) => {
  process.stderr.write(`demo failed: ${err.message}\n`);
  process.exit(1);
});
