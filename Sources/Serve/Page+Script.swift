extension Page {
    /// The views' script: plain JavaScript, no library, nothing fetched but the API.
    static let script = #"""
'use strict';
// busylife serve: the agenda, month, week, day and year views over /api/days and /api/meta.
// Calendar text is only ever set as textContent, never parsed as markup.

const query = new URLSearchParams(location.search);
const token = query.get('token');
const state = { meta: null, locale: query.get('locale'), tz: query.get('tz'), view: 'agenda', generation: 0, today: null };
const fmt = {};

// Where the views' data comes from: serve's /api/*, or, in a page written
// by busylife html, its window inlined in #busylife-data (then nothing is
// fetched, and dates outside the window say they have no data).
const inlined = (() => {
  const node = document.getElementById('busylife-data');
  return node ? JSON.parse(node.textContent) : null;
})();

function inlinedAnswer(path, params) {
  if (path === '/api/meta') return Object.assign({}, inlined.meta, { today: inlinedToday() });
  const first = parseDay(inlined.from), days = [];
  for (let z = parseDay(params.from); z <= parseDay(params.to); z += 1) {
    const day = z >= FIRST_DAY && z <= LAST_DAY ? inlined.days.days[z - first] : null;
    days.push(day || { date: iso(z), outside: true, events: [], busySeconds: 0, eventCount: 0 });
  }
  return { days };
}

// Today moves with the viewer's clock unless the page was written with --today.
function inlinedToday() {
  if (inlined.todayFixed) return inlined.meta.today;
  const parts = {};
  new Intl.DateTimeFormat('en-US', { timeZone: inlined.meta.tz, year: 'numeric', month: 'numeric', day: 'numeric' })
    .formatToParts(new Date()).forEach((part) => { parts[part.type] = Number(part.value); });
  return iso(dayNumber(parts.year, parts.month, parts.day));
}

// Before the window's first day and after its last: said in words.
function edgeNotes(nodes, start, end) {
  if (!inlined) return nodes;
  const note = (words) => { const node = el('p', 'no-data', words); node.setAttribute('role', 'note'); return node; };
  const held = 'this page holds ' + inlined.from + ' – ' + inlined.to + '.';
  if (start <= FIRST_DAY) nodes.unshift(note('No data before ' + inlined.from + ': ' + held));
  if (end >= LAST_DAY) nodes.push(note('No data after ' + inlined.to + ': ' + held));
  return nodes;
}

// Dates are day numbers (days since 1970-01-01), so that years 1 to 9999
// need no Date arithmetic.
function dayNumber(y, m, d) {
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400), yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  return era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
}
function civil(z) {
  z += 719468;
  const era = Math.floor(z / 146097), doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153), d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp + (mp < 10 ? 3 : -9);
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}
function iso(z) {
  const [y, m, d] = civil(z);
  return String(y).padStart(4, '0') + '-' + String(m).padStart(2, '0') + '-' + String(d).padStart(2, '0');
}
function parseDay(text) { const [y, m, d] = text.slice(0, 10).split('-').map(Number); return dayNumber(y, m, d); }
function utcDate(z) { const [y, m, d] = civil(z); const t = new Date(Date.UTC(2000, m - 1, d)); t.setUTCFullYear(y); return t; }
function isoWeekday(z) { return ((z % 7) + 7 + 3) % 7 + 1; }
const FIRST_DAY = inlined ? parseDay(inlined.from) : dayNumber(1, 1, 1);
const LAST_DAY = inlined ? parseDay(inlined.to) : dayNumber(9999, 12, 31);
const clamp = (z) => Math.min(LAST_DAY, Math.max(FIRST_DAY, z));

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

async function api(path, params) {
  if (inlined) return inlinedAnswer(path, params || {});
  const search = new URLSearchParams(params || {});
  if (state.tz) search.set('tz', state.tz);
  if (state.locale) search.set('locale', state.locale);
  if (token) search.set('token', token);
  const reply = await fetch(path + '?' + search.toString(), { headers: { Accept: 'application/json' } });
  const body = await reply.json();
  if (!reply.ok) throw new Error(body.error ? body.error.message : reply.statusText);
  return body;
}

function setLocale(locale) {
  state.locale = locale;
  document.documentElement.lang = locale;
  fmt.long = new Intl.DateTimeFormat(locale, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  fmt.time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  fmt.month = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' });
  fmt.weekday = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  fmt.number = new Intl.NumberFormat(locale);
  // The page's own words from busylife's table (the CLI's), by the locale's language.
  const all = state.meta.words || {}, words = all[locale.split(/[-_]/)[0].toLowerCase()] || all.en;
  fmt.allDayText = words ? words.allDay : 'all day';
  fmt.noData = words ? words.noData : 'no data';
  if (words) {
    ['agenda', 'month', 'week', 'day', 'year'].forEach((view, index) => {
      document.getElementById('show-' + view).textContent = words.views[index];
    });
    document.getElementById('today').textContent = words.today.charAt(0).toLocaleUpperCase(locale) + words.today.slice(1);
  }
  const today = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'day');
  fmt.today = today.charAt(0).toLocaleUpperCase(locale) + today.slice(1);
  fmt.days = new Intl.NumberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'long' });
  fmt.hours = new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'narrow' });
  fmt.minutes = new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'short' });
}

function firstWeekday() {
  if (state.meta.weekStart) return state.meta.weekStart;
  try {
    const info = new Intl.Locale(state.locale);
    const week = info.getWeekInfo ? info.getWeekInfo() : info.weekInfo;
    if (week && week.firstDay) return week.firstDay;
  } catch (error) { /* an engine without week data: Monday */ }
  return 1;
}

function clock(text) {
  // "2026-11-22T09:30:00+01:00": the wall time in the viewer's zone.
  return fmt.time.format(new Date(Date.UTC(2000, 0, 1, Number(text.slice(11, 13)), Number(text.slice(14, 16)))));
}

function duration(seconds) {
  const minutes = Math.round(seconds / 60);
  if (minutes >= 1440) {
    const days = Math.floor(minutes / 1440), hours = Math.round((minutes % 1440) / 60);
    return fmt.days.format(days) + (hours ? ' ' + fmt.hours.format(hours) : '');
  }
  const h = Math.floor(minutes / 60), m = minutes % 60;
  if (h === 0) return fmt.minutes.format(m);
  return m === 0 ? fmt.hours.format(h) : fmt.hours.format(h) + ' ' + fmt.minutes.format(m);
}

function level(seconds) {
  if (!(seconds > 0)) return 0;
  return 1 + state.meta.busyLevels.thresholds.filter((t) => seconds > t).length;
}

function calendarColor(name) {
  const found = state.meta.calendars.find((c) => c.name === name);
  return found && found.color ? found.color : null;
}

// An endless list of chunks (31 days of the agenda, a month of the grid):
// more are fetched as an edge nears, and far ones are dropped, so the
// document holds a bounded number however far one scrolls.
class Feed {
  constructor(root, kind) {
    this.root = root;
    this.kind = kind;  // { around(z), before(start), after(end), render(days, start, end), maximum }
    this.chunks = [];
    this.loading = { before: false, after: false };
    this.rounds = 0;
    root.addEventListener('scroll', () => { this.rounds = 0; this.check(); }, { passive: true });
  }

  async show(z) {
    this.token = {};
    const mine = this.token;
    this.chunks = [];
    this.root.replaceChildren();
    const [start, end] = this.kind.around(clamp(z));
    await this.add(start, end, 'after', mine);
    // Enough below the date to bring it to the top, then older chunks above it.
    for (let round = 0; round < 6 && mine === this.token; round += 1) {
      const target = this.kind.element(this.root, z), last = this.chunks[this.chunks.length - 1];
      const bottom = last && last.nodes[last.nodes.length - 1];
      if (!target || !bottom || last.end >= LAST_DAY
          || bottom.offsetTop + bottom.offsetHeight - target.offsetTop >= this.root.clientHeight) break;
      const [from, to] = this.kind.after(last.end);
      await this.add(from, to, 'after', mine);
    }
    if (mine !== this.token) return;
    this.reveal(z);
    this.rounds = 0;
    await this.check();
  }

  reveal(z) {
    const target = this.kind.element(this.root, z);
    if (target) this.root.scrollTop = target.offsetTop;
  }

  async add(start, end, side, mine) {
    if (start > end) return;
    this.loading[side] = true;
    this.root.setAttribute('aria-busy', 'true');
    try {
      const reply = this.kind.fetches === false ? { days: [] } : await api('/api/days', { from: iso(start), to: iso(end) });
      if (mine !== this.token) return;
      const nodes = this.kind.render(reply.days, start, end);
      const chunk = { start, end, nodes };
      if (side === 'before') {
        const height = this.root.scrollHeight, top = this.root.scrollTop;
        this.root.prepend(...nodes);
        this.chunks.unshift(chunk);
        this.root.scrollTop = top + this.root.scrollHeight - height;
      } else {
        this.root.append(...nodes);
        this.chunks.push(chunk);
      }
      this.trim(side);
      problem(null);
    } catch (error) {
      problem(error.message);
    } finally {
      this.loading[side] = false;
      this.root.setAttribute('aria-busy', this.loading.before || this.loading.after ? 'true' : 'false');
    }
  }

  // Drops chunks at the far end from the one just added.
  trim(side) {
    while (this.chunks.length > this.kind.maximum) {
      const far = side === 'before' ? this.chunks.pop() : this.chunks.shift();
      const height = this.root.scrollHeight, top = this.root.scrollTop;
      far.nodes.forEach((node) => node.remove());
      if (side === 'after') this.root.scrollTop = top - (height - this.root.scrollHeight);
    }
  }

  // Fetches towards an edge that is near; a few rounds at most without
  // the user scrolling, so an empty stretch never fetches without end.
  async check() {
    if (this.root.hidden || this.chunks.length === 0 || this.rounds >= 4) return;
    const mine = this.token, margin = this.root.clientHeight * 1.5;
    const first = this.chunks[0], last = this.chunks[this.chunks.length - 1];
    if (!this.loading.before && this.root.scrollTop < margin && first.start > FIRST_DAY) {
      this.rounds += 1;
      const [start, end] = this.kind.before(first.start);
      await this.add(start, end, 'before', mine);
      return this.check();
    }
    const below = this.root.scrollHeight - this.root.scrollTop - this.root.clientHeight;
    if (!this.loading.after && below < margin && last.end < LAST_DAY) {
      this.rounds += 1;
      const [start, end] = this.kind.after(last.end);
      await this.add(start, end, 'after', mine);
      return this.check();
    }
  }

  // The first date whose element is at the top of the view.
  topDate() {
    const top = this.root.scrollTop;
    const shown = [...this.root.querySelectorAll('[data-date]')].find((node) => node.offsetTop + node.offsetHeight > top);
    return shown ? parseDay(shown.dataset.date) : state.today;
  }
}

// The agenda: one section per date, its events in order.
const agendaKind = {
  maximum: 12,  // chunks of 31 days: at most 372 day sections
  around: (z) => [clamp(z - 15), clamp(z + 15)],
  before: (start) => [clamp(start - 31), start - 1],
  after: (end) => [end + 1, clamp(end + 31)],
  element: (root, z) => root.querySelector('section.day[data-date="' + iso(z) + '"]'),
  render: (days, start, end) => edgeNotes(days.map(daySection), start, end),
};

function daySection(day) {
  const z = parseDay(day.date);
  const section = el('section', 'day');
  section.dataset.date = day.date;
  section.setAttribute('role', 'article');
  section.setAttribute('aria-labelledby', 'h-' + day.date);
  const header = el('h2', 'date');
  header.id = 'h-' + day.date;
  if (z === state.today) {
    section.classList.add('is-today');
    header.append(el('span', 'badge', fmt.today), ' ');
    section.setAttribute('aria-current', 'date');
  }
  header.append(el('span', 'long', fmt.long.format(utcDate(z))));
  section.append(header);
  if (day.events.length === 0) {
    section.classList.add('empty');
    return section;
  }
  const list = el('ul', 'events');
  day.events.forEach((event) => list.append(eventItem(event)));
  section.append(list);
  return section;
}

function eventTime(event) {
  const part = event.part || 'whole';
  if (event.allDay || part === 'middle') return [fmt.allDayText, null];
  const start = clock(event.startLocal || event.start), end = clock(event.endLocal || event.end);
  if (part === 'first') return [start + ' →', start];
  if (part === 'last') return ['→ ' + end, null];
  return [start + ' – ' + end, start];
}

function eventItem(event) {
  const item = el('li', 'event part-' + (event.part || 'whole'));
  const color = calendarColor(event.calendar);
  if (color) item.style.setProperty('--calendar', color);
  if (!event.busy) item.classList.add('free');
  const [time] = eventTime(event);
  item.append(el('span', 'time', time));
  const body = el('span', 'body');
  body.append(el('span', 'title', event.title || ''));
  const details = [];
  if (event.location && event.location.name) details.push(event.location.name);
  if (!event.allDay && event.startUTC && event.endUTC) {
    details.push(duration((Date.parse(event.endUTC) - Date.parse(event.startUTC)) / 1000));
  }
  if (event.part && event.part !== 'whole') details.push(partWords[event.part]);
  if (event.calendar) details.push(event.calendar);
  if (details.length) body.append(el('span', 'details', details.join(' · ')));
  item.append(body);
  return item;
}

const partWords = { first: 'starts', middle: 'continues', last: 'ends' };

// The month grid: one section per month, weeks as rows from the locale's
// first weekday, each day shaded by its busy level with calendar dots.
function monthStart(z) { const [y, m] = civil(z); return dayNumber(y, m, 1); }
function monthEnd(z) { const [y, m] = civil(z); return m === 12 ? dayNumber(y, 12, 31) : dayNumber(y, m + 1, 1) - 1; }

const monthKind = {
  maximum: 24,
  around: (z) => [monthStart(z), monthEnd(z)],
  before: (start) => [monthStart(start - 1), start - 1],
  after: (end) => [end + 1, monthEnd(end + 1)],
  element: (root, z) => root.querySelector('section.month[data-month="' + iso(z).slice(0, 7) + '"]'),
  render: (days, start, end) => edgeNotes([monthSection(days, start)], start, end),
};

function monthSection(days, start) {
  const section = el('section', 'month');
  section.dataset.month = iso(start).slice(0, 7);
  const title = el('h2', 'month-name', fmt.month.format(utcDate(start)));
  title.id = 'm-' + section.dataset.month;
  section.setAttribute('aria-labelledby', title.id);
  section.append(title);
  const grid = el('div', 'grid');
  grid.setAttribute('role', 'grid');
  grid.setAttribute('aria-labelledby', title.id);
  const first = firstWeekday();
  const head = el('div', 'week head');
  head.setAttribute('role', 'row');
  for (let i = 0; i < 7; i += 1) {
    const weekday = ((first - 1 + i) % 7) + 1;
    const name = el('span', 'weekday', fmt.weekday.format(utcDate(dayNumber(2024, 1, 1) + weekday - 1)));
    name.setAttribute('role', 'columnheader');
    head.append(name);
  }
  grid.append(head);
  let row = null;
  const lead = (isoWeekday(start) - first + 7) % 7;
  days.forEach((day, index) => {
    if (index === 0 || (lead + index) % 7 === 0) {
      row = el('div', 'week');
      row.setAttribute('role', 'row');
      grid.append(row);
      if (index === 0) for (let i = 0; i < lead; i += 1) row.append(el('span', 'cell blank'));
    }
    row.append(monthCell(day));
  });
  section.append(grid);
  return section;
}

function monthCell(day) {
  const z = parseDay(day.date);
  const cell = el('button', day.outside ? 'cell outside' : 'cell level-' + level(day.busySeconds));
  cell.type = 'button';
  cell.setAttribute('role', 'gridcell');
  cell.dataset.date = day.date;
  const count = day.events.length || day.eventCount;
  cell.setAttribute('aria-label', fmt.long.format(utcDate(z)) + ': '
    + (day.outside ? fmt.noData : count + (count === 1 ? ' event' : ' events')));
  if (day.outside) cell.title = 'No data: this page holds ' + inlined.from + ' – ' + inlined.to;
  if (z === state.today) { cell.classList.add('is-today'); cell.setAttribute('aria-current', 'date'); }
  cell.append(el('span', 'number', fmt.number.format(civil(z)[2])));
  const dots = el('span', 'dots');
  dots.setAttribute('aria-hidden', 'true');
  day.events.slice(0, 3).forEach((event) => {
    const dot = el('i', 'dot');
    const color = calendarColor(event.calendar);
    if (color) dot.style.setProperty('--calendar', color);
    dots.append(dot);
  });
  if (count > 3) dots.append(el('span', 'more', '+' + fmt.number.format(count - 3)));
  cell.append(dots);
  cell.addEventListener('click', () => showView('day', z));
  return cell;
}

// The year: the heatmap the command line paints, one image a year.
function yearStart(z) { return dayNumber(civil(z)[0], 1, 1); }
function yearEnd(z) { return dayNumber(civil(z)[0], 12, 31); }

const yearKind = {
  maximum: 10,
  fetches: false,
  around: (z) => [yearStart(z), yearEnd(z)],
  before: (start) => [yearStart(start - 1), start - 1],
  after: (end) => [end + 1, yearEnd(end + 1)],
  element: (root, z) => root.querySelector('section.year[data-date="' + iso(yearStart(z)) + '"]'),
  render: (days, start, end) => {
    const year = iso(start).slice(0, 4), section = el('section', 'year');
    section.dataset.date = iso(start);
    const search = new URLSearchParams({ year, locale: state.locale.replace('-', '_') });
    if (state.tz) search.set('tz', state.tz);
    if (token) search.set('token', token);
    const image = el('img', 'heatmap');
    image.alt = 'How busy each day of ' + year + ' was';
    image.width = 760;
    image.src = inlined ? 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(inlined.years[year] || '')
      : '/api/year?' + search.toString();
    section.append(image);
    return edgeNotes([section], start, end);
  },
};

\#(Page.timeGridScript)
function legend() {
  const box = document.getElementById('legend');
  box.replaceChildren(el('span', 'legend-name', 'Busy:'));
  const t = state.meta.busyLevels.thresholds;
  const words = ['none', '≤ ' + duration(t[0]), '≤ ' + duration(t[1]), '≤ ' + duration(t[2]), '> ' + duration(t[2])];
  words.forEach((word, index) => {
    // A level whose threshold equals the one below holds no day: not shown.
    if (index >= 2 && index <= 3 && t[index - 1] === t[index - 2]) return;
    const item = el('span', 'legend-item');
    item.append(el('i', 'swatch level-' + index), el('span', null, word));
    box.append(item);
  });
}

const feeds = {};

function problem(text) {
  const box = document.getElementById('problem');
  box.hidden = !text;
  box.textContent = text || '';
}

async function showView(view, z) {
  const at = z !== undefined ? z : feeds[state.view].topDate();
  if (view !== state.view && feeds[view].forget) feeds[view].forget();
  state.view = view;
  for (const name of ['agenda', 'month', 'week', 'day', 'year']) {
    document.getElementById(name).hidden = name !== view;
    document.getElementById('show-' + name).setAttribute('aria-pressed', String(name === view));
  }
  document.getElementById('legend').hidden = view !== 'month';
  await feeds[view].show(at);
  document.getElementById(view).focus({ preventScroll: true });
}

// j and k: the next or previous day (agenda, day), week or month.
function step(direction) {
  const feed = feeds[state.view], top = feed.topDate();
  if (feed.step) return feed.step(direction);
  const steps = {
    agenda: () => top + direction,
    month: () => (direction > 0 ? monthEnd(top) + 1 : monthStart(monthStart(top) - 1)),
    year: () => (direction > 0 ? yearEnd(top) + 1 : yearStart(yearStart(top) - 1)),
  };
  const next = steps[state.view]();
  const target = feed.kind.element(feed.root, next);
  if (target) feed.reveal(next); else feed.show(next);
}

function onKey(event) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest && event.target.closest('input, select, textarea')) return;
  const actions = {
    t: () => feeds[state.view].show(state.today),
    j: () => step(1), k: () => step(-1), ArrowRight: () => step(1), ArrowLeft: () => step(-1),
    a: () => showView('agenda'), m: () => showView('month'), y: () => showView('year'),
    w: () => showView('week'), d: () => showView('day'),
  };
  const action = actions[event.key];
  if (!action) return;
  event.preventDefault();
  action();
}

// The files changed, or midnight passed: fetch again what is shown.
async function poll() {
  try {
    const meta = await api('/api/meta');
    const today = parseDay(meta.today);
    if (meta.generation !== state.generation || today !== state.today) {
      state.meta = meta;
      state.generation = meta.generation;
      state.today = today;
      legend();
      await feeds[state.view].show(feeds[state.view].topDate());
    }
  } catch (error) {
    problem(error.message);
  }
}

// The zone and locale in the bar: shown, and changeable. The server
// checks a new zone or locale (through /api/meta) before the views redraw,
// and the page's address keeps them, so that a reload shows the same.
const COMMON_LOCALES = ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'es-ES', 'it-IT', 'nl-NL', 'sv-SE', 'pt-BR', 'ja-JP', 'zh-CN'];

function choices() {
  const zone = document.getElementById('zone'), locale = document.getElementById('locale');
  document.getElementById('window').textContent = inlined ? inlined.from + ' – ' + inlined.to + ' ·' : '';
  zone.value = state.meta.tz;
  locale.value = state.locale;
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zones = [...new Set([].concat(state.meta.zones || [], own ? [own] : [], [state.meta.tz]))].sort();
  document.getElementById('zones').replaceChildren(...zones.map((name) => { const o = el('option'); o.value = name; return o; }));
  const locales = [...new Set([state.locale].concat(COMMON_LOCALES, navigator.languages || []))];
  document.getElementById('locales').replaceChildren(...locales.map((name) => { const o = el('option'); o.value = name; return o; }));
  if (inlined) {
    // The days were settled in one zone when the page was written; only serve settles them again.
    zone.disabled = true;
    zone.title = 'This page was written for ' + state.meta.tz + ': its days cannot change zone (busylife serve, or busylife html --tz, can)';
  }
}

async function choose() {
  const zone = document.getElementById('zone'), locale = document.getElementById('locale');
  const tz = inlined ? state.tz : zone.value.trim() || null, wanted = locale.value.trim().replace(/_/g, '-');
  const before = { tz: state.tz, locale: state.locale };
  if (tz === state.meta.tz && wanted === state.locale) return;
  try {
    if (!wanted || Intl.DateTimeFormat.supportedLocalesOf([wanted]).length === 0) {
      throw new Error('locale "' + wanted + '" is not one this browser knows');
    }
    state.tz = tz;
    state.locale = wanted;
    const meta = await api('/api/meta');
    state.meta = meta;
    state.generation = meta.generation;
    state.today = parseDay(meta.today);
  } catch (error) {
    Object.assign(state, before);
    problem(error.message.replace(/^Invalid language tag: .*/, 'locale "' + wanted + '" is no locale identifier'));
    choices();
    return;
  }
  problem(null);
  setLocale(wanted);
  choices();
  remember();
  legend();
  Object.values(feeds).forEach((feed) => { if (feed.forget) feed.forget(); });
  await feeds[state.view].show(feeds[state.view].topDate());
}

// The address keeps the chosen zone and locale (a file's address may not change: then it does not).
function remember() {
  const search = new URLSearchParams(location.search);
  if (state.tz && !inlined) search.set('tz', state.tz); else search.delete('tz');
  search.set('locale', state.locale);
  try { history.replaceState(null, '', '?' + search.toString() + location.hash); } catch (error) { /* kept for this visit only */ }
}

async function start() {
  try {
    state.meta = await api('/api/meta');
  } catch (error) {
    problem(error.message);
    return;
  }
  const meta = state.meta;
  state.generation = meta.generation;
  state.today = parseDay(meta.today);
  setLocale((query.get('locale') || meta.locale || navigator.language || 'en').replace('_', '-'));
  choices();
  legend();
  feeds.agenda = new Feed(document.getElementById('agenda'), agendaKind);
  feeds.month = new Feed(document.getElementById('month'), monthKind);
  feeds.year = new Feed(document.getElementById('year'), yearKind);
  feeds.week = new TimeGrid(document.getElementById('week'), 7);
  feeds.day = new TimeGrid(document.getElementById('day'), 1);
  document.getElementById('show-week').addEventListener('click', () => showView('week'));
  document.getElementById('show-day').addEventListener('click', () => showView('day'));
  document.getElementById('show-year').addEventListener('click', () => showView('year'));
  document.getElementById('show-agenda').addEventListener('click', () => showView('agenda'));
  document.getElementById('show-month').addEventListener('click', () => showView('month'));
  document.getElementById('today').addEventListener('click', () => feeds[state.view].show(state.today));
  document.addEventListener('keydown', onKey);
  document.getElementById('zone').addEventListener('change', choose);
  document.getElementById('locale').addEventListener('change', choose);
  document.getElementById('where').addEventListener('submit', (event) => { event.preventDefault(); choose(); });
  const start = /^\d{4}-\d{2}-\d{2}$/.test(query.get('date') || '') ? query.get('date') : null;
  const view = ['month', 'week', 'day', 'year'].includes(query.get('view')) ? query.get('view') : 'agenda';
  await showView(view, start ? parseDay(start) : state.today);
  setInterval(poll, 5000);
}

start();
"""#
}
