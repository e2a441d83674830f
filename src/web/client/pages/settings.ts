// Your account's mail settings (issue 24, point 5): how often game mail comes, receipts of web
// orders by mail, and the time zone every time in your mail is written in. PATCH /accounts/me
// saves them; what is saved is shown under the form, as the server answered.
import { get, patch, type Reply } from '../api.ts';
import { h, main, say, showError } from '../dom.ts';

type Settings = Reply<'get', '/accounts/me'>;

const NOTIFY: { value: Settings['notify']; label: string; help: string }[] = [
  {
    value: 'every-phase',
    label: 'After every phase',
    help: "A mail with the results each time a phase of one of your games is played, and a reminder before a deadline when your orders aren't in.",
  },
  {
    value: 'digest',
    label: 'Once a day',
    help: 'One mail a morning (after 7:00 your time) with what happened in each of your games. Deadline reminders still come.',
  },
  {
    value: 'reminders',
    label: 'Deadline reminders only',
    help: "No results by mail: you read them on the game's page. You still get a reminder before a deadline, and the mail when a game starts and ends.",
  },
];

/** The zones the browser knows, the account's and the browser's own among them. */
function zones(...keep: string[]): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...all, ...keep, 'UTC'])].sort();
}

function savedText(s: Settings): string {
  const how = NOTIFY.find((n) => n.value === s.notify)?.label.toLowerCase() ?? s.notify;
  return `Saved: game mail ${how}; receipts of orders sent from the web ${s.receiptsByMail ? 'by mail too' : 'on the page only'}; times in your mail in ${s.timeZone}.`;
}

export async function settingsPage(): Promise<void> {
  const me = await get('/accounts/me');
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  // An account that never chose a zone is on UTC: the browser's zone is offered instead.
  const shownZone = me.timeZone === 'UTC' ? browserZone : me.timeZone;

  const radios = NOTIFY.map((n) =>
    h(
      'div',
      { class: 'choice' },
      h(
        'label',
        {},
        h('input', {
          type: 'radio',
          name: 'notify',
          value: n.value,
          checked: n.value === me.notify,
          'aria-describedby': `notify-${n.value}-help`,
        }),
        n.label,
      ),
      h('p', { id: `notify-${n.value}-help`, class: 'muted' }, n.help),
    ),
  );
  const receipts = h('input', { type: 'checkbox', id: 'receipts', checked: me.receiptsByMail });
  const zone = h(
    'select',
    { id: 'time-zone', 'aria-describedby': 'time-zone-help' },
    ...zones(me.timeZone, browserZone).map((z) => h('option', { value: z, selected: z === shownZone }, z)),
  );
  const saved = h('p', { id: 'saved', role: 'status' }, savedText(me));
  const problem = h('div', {});

  main.replaceChildren(
    h('h1', {}, 'Settings'),
    h('p', {}, `Mail for ${me.email}.`),
    h(
      'form',
      {
        class: 'stack settings',
        onsubmit: async (e: Event) => {
          e.preventDefault();
          problem.replaceChildren();
          const notify = main.querySelector<HTMLInputElement>('input[name=notify]:checked')?.value as
            | Settings['notify']
            | undefined;
          try {
            const now = await patch('/accounts/me', {
              body: { ...(notify ? { notify } : {}), receiptsByMail: receipts.checked, timeZone: zone.value },
            });
            saved.textContent = savedText(now);
            say('Settings saved.');
          } catch (err) {
            problem.append(showError(err));
          }
        },
      },
      h('fieldset', {}, h('legend', {}, 'How often game mail comes'), ...radios),
      h(
        'fieldset',
        {},
        h('legend', {}, 'Receipts'),
        h('label', {}, receipts, 'Mail me a receipt of orders I send from the web'),
        h(
          'p',
          { class: 'muted' },
          "The game's page shows your orders either way. Orders you send by mail are always answered by mail.",
        ),
      ),
      h('label', { for: 'time-zone' }, 'Time zone'),
      zone,
      h(
        'p',
        { id: 'time-zone-help', class: 'muted' },
        `Every deadline and time in your mail is written in this zone. Your browser's zone is ${browserZone}.`,
      ),
      h('button', { type: 'submit' }, 'Save settings'),
      problem,
    ),
    saved,
  );
}
