extension Page {
    /// The week and day views' script, joined to the page's script.
    static let timeGridScript = #"""
// The week and day views: a time grid in the viewer's zone where a day's
// column is as tall as the day is long (23 or 25 hours on DST days, any
// length on travel days). Blocks are placed from the day model's instants
// (the day's spans, the occurrences' startUTC and endUTC), never from
// local clock strings, so they agree with `busylife days` to the second.
const HOUR_PX = 60;  // a quarter hour is still a readable line
const SECOND_PX = HOUR_PX / 3600;
const SHORTEST_PX = 14;  // a block shorter than this could not be seen or pointed at
const zoneClocks = {};

// The day's spans as [start, end) in milliseconds since 1970.
function spansOf(day) {
  return (day.spans || []).map((span) => [Date.parse(span.start), Date.parse(span.end)]);
}

// Seconds of the day's own spans before the instant t.
function elapsed(spans, t) {
  let total = 0;
  for (const [from, to] of spans) {
    if (t <= from) break;
    total += Math.min(t, to) - from;
  }
  return total / 1000;
}

// The zone in force at the instant t: the day's only zone, else the last
// change before t in the days document's timeline (which, unlike the
// meta's, has the travel found in the window's flights).
function zoneAt(t, day, timeline) {
  if (day.zones && day.zones.length === 1) return day.zones[0];
  let zone = day.zones && day.zones.length ? day.zones[0] : state.meta.tz;
  (timeline || []).forEach((entry) => { if (!entry.at || Date.parse(entry.at) <= t) zone = entry.zone; });
  return zone;
}

// The wall clock of the instant t in a zone, for the hour lines' labels:
// the hour alone on the hour, as the gutter says it, else with minutes.
function wallClock(t, zone) {
  const key = state.locale + ' ' + zone;
  if (!(key in zoneClocks)) {
    try {
      zoneClocks[key] = [{ hour: 'numeric' }, { hour: 'numeric', minute: '2-digit' }]
        .map((options) => new Intl.DateTimeFormat(state.locale, Object.assign({ timeZone: zone }, options)));
    } catch (error) {
      zoneClocks[key] = null;  // a zone the browser does not know: no label
    }
  }
  const clocks = zoneClocks[key];
  if (!clocks) return '';
  const minute = clocks[1].formatToParts(new Date(t)).find((part) => part.type === 'minute');
  return clocks[minute && minute.value !== '00' ? 1 : 0].format(new Date(t));
}

// An hour line every hour of real time from each span's start, labelled
// with the wall clock there: after a DST jump the labels skip or repeat.
function hourMarks(day, spans, timeline) {
  const marks = [];
  for (const [from, to] of spans) {
    for (let t = from; t < to; t += 3600000) {
      marks.push({ offset: elapsed(spans, t) * SECOND_PX, label: wallClock(t, zoneAt(t, day, timeline)) });
    }
  }
  return marks;
}

// The labels of a 24-hour day, for the gutter of the week.
function plainMarks() {
  const marks = [];
  for (let hour = 0; hour < 24; hour += 1) {
    marks.push({ offset: hour * HOUR_PX, label: wallClock(Date.UTC(2000, 0, 1, hour), 'UTC') });
  }
  return marks;
}

// Blocks that overlap share their cluster's width, each in the first
// column free at its start.
function sideBySide(items) {
  let cluster = [], columns = [], clusterEnd = -Infinity;
  const flush = () => { cluster.forEach((item) => { item.count = columns.length; }); cluster = []; columns = []; };
  items.sort((a, b) => a.top - b.top || b.bottom - a.bottom);
  for (const item of items) {
    if (item.top >= clusterEnd) flush();
    let column = columns.findIndex((end) => end <= item.top);
    if (column < 0) { column = columns.length; columns.push(0); }
    columns[column] = item.bottom;
    item.column = column;
    cluster.push(item);
    clusterEnd = Math.max(clusterEnd, item.bottom);
  }
  flush();
  return items;
}

// The timed occurrences of a day, clipped to its spans, in pixels.
function placedEvents(day, spans) {
  if (spans.length === 0) return [];
  const first = spans[0][0], last = spans[spans.length - 1][1];
  const items = day.events.filter((event) => !event.allDay && event.startUTC && event.endUTC).map((event) => {
    const from = Math.max(Date.parse(event.startUTC), first), to = Math.min(Date.parse(event.endUTC), last);
    const top = elapsed(spans, from) * SECOND_PX, height = (elapsed(spans, to) - elapsed(spans, from)) * SECOND_PX;
    return { event, top, height, bottom: top + Math.max(height, SHORTEST_PX) };
  });
  return sideBySide(items);
}

function gridBlock(item) {
  const event = item.event, block = el('div', 'block part-' + (event.part || 'whole'));
  const color = calendarColor(event.calendar);
  if (color) block.style.setProperty('--calendar', color);
  if (!event.busy) block.classList.add('free');
  block.style.top = item.top + 'px';
  block.style.height = Math.max(item.height, SHORTEST_PX) + 'px';
  block.style.left = (100 * item.column / item.count) + '%';
  block.style.width = (100 / item.count) + '%';
  if (item.height < 2 * SHORTEST_PX) block.classList.add('short');
  const [time] = eventTime(event), title = event.title || '';
  block.setAttribute('role', 'listitem');
  block.title = time + ' ' + title + (event.location && event.location.name ? ' · ' + event.location.name : '');
  block.append(el('span', 'block-title', title), el('span', 'block-time', time));
  if (event.location && event.location.name) block.append(el('span', 'block-place', event.location.name));
  return block;
}

function gridColumn(day, nominal, timeline) {
  const spans = spansOf(day), column = el('div', 'column');
  column.dataset.date = day.date;
  column.dataset.seconds = String(day.lengthSeconds);
  column.style.height = (day.lengthSeconds * SECOND_PX) + 'px';
  column.setAttribute('role', 'list');
  column.setAttribute('aria-label', fmt.long.format(utcDate(parseDay(day.date))));
  if (parseDay(day.date) === state.today) column.classList.add('is-today');
  hourMarks(day, spans, timeline).forEach((mark, index) => {
    const line = el('div', 'hour-line');
    line.style.top = mark.offset + 'px';
    // Where the wall clock leaves the gutter's, the column says its own.
    if (nominal && (!nominal[index] || nominal[index].label !== mark.label)) line.append(el('span', 'hour-own', mark.label));
    column.append(line);
  });
  placedEvents(day, spans).forEach((item) => column.append(gridBlock(item)));
  return column;
}

function allDayCell(day) {
  const cell = el('div', 'all-day-cell');
  cell.dataset.date = day.date;
  day.events.filter((event) => event.allDay).forEach((event) => {
    const chip = el('span', 'chip', event.title || '');
    const color = calendarColor(event.calendar);
    if (color) chip.style.setProperty('--calendar', color);
    if (!event.busy) chip.classList.add('free');
    chip.title = event.title || '';
    cell.append(chip);
  });
  if (!day.spans || day.spans.length === 0) cell.append(el('span', 'skipped', 'no such date here'));
  return cell;
}

function gridHeading(day, view) {
  const z = parseDay(day.date), d = civil(z)[2];
  const head = el(view === 'week' ? 'button' : 'div', 'column-head');
  if (view === 'week') {
    head.type = 'button';
    head.title = 'Show the day (d)';
    head.addEventListener('click', () => showView('day', z));
  }
  head.dataset.date = day.date;
  head.append(el('span', 'head-weekday', fmt.weekday.format(utcDate(z))), el('span', 'head-number', fmt.number.format(d)));
  head.setAttribute('aria-label', fmt.long.format(utcDate(z)));
  if (z === state.today) { head.classList.add('is-today'); head.setAttribute('aria-current', 'date'); }
  return head;
}

function gridTitle(start, end, grid) {
  const bar = el('div', 'grid-title');
  const before = el('button', 'step', '‹'), after = el('button', 'step', '›');
  const unit = grid.length === 1 ? 'day' : 'week';
  before.type = after.type = 'button';
  before.setAttribute('aria-label', 'Previous ' + unit + ' (k)');
  after.setAttribute('aria-label', 'Next ' + unit + ' (j)');
  before.addEventListener('click', () => grid.step(-1));
  after.addEventListener('click', () => grid.step(1));
  let words = fmt.long.format(utcDate(start));
  if (start !== end) {
    const range = new Intl.DateTimeFormat(state.locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
    words = range.formatRange ? range.formatRange(utcDate(start), utcDate(end)) : iso(start) + ' – ' + iso(end);
  }
  const title = el('h2', 'grid-name', words);
  title.id = grid.root.id + '-name';
  bar.append(before, title, after);
  return bar;
}

// The grid's parts: the title, the dates and all-day row (sticky on top),
// then the hours beside the days' columns.
function gridParts(reply, start, end, grid) {
  const view = grid.length === 1 ? 'day' : 'week', days = reply.days;
  const nominal = view === 'day' && days.length ? hourMarks(days[0], spansOf(days[0]), reply.timeline) : plainMarks();
  const top = el('div', 'grid-top'), heads = el('div', 'grid-row heads'), allDay = el('div', 'grid-row all-day');
  heads.append(el('span', 'corner'));
  allDay.append(el('span', 'all-day-name', fmt.allDayText));
  days.forEach((day) => { heads.append(gridHeading(day, view)); allDay.append(allDayCell(day)); });
  top.append(gridTitle(start, end, grid), heads, allDay);
  const body = el('div', 'grid-row hours'), gutter = el('div', 'gutter');
  gutter.setAttribute('aria-hidden', 'true');
  nominal.forEach((mark) => {
    const label = el('span', 'hour-name', mark.label);
    label.style.top = mark.offset + 'px';
    gutter.append(label);
  });
  gutter.style.height = Math.max(24 * HOUR_PX, ...days.map((day) => day.lengthSeconds * SECOND_PX)) + 'px';
  body.append(gutter, ...days.map((day) => gridColumn(day, view === 'week' ? nominal : null, reply.timeline)));
  body.setAttribute('aria-labelledby', grid.root.id + '-name');
  return edgeNotes([top, body], start, end);
}

// A week (from the locale's first weekday) or a day, fetched as one window.
class TimeGrid {
  constructor(root, length) {
    this.root = root;
    this.length = length;
    this.focus = null;
    this.shown = null;
    this.days = [];
    this.kind = { element: () => null };
    setInterval(() => this.drawNow(), 30000);
  }

  range(z) {
    if (this.length === 1) return [z, z];
    const start = clamp(z - (isoWeekday(z) - firstWeekday() + 7) % 7);
    return [start, clamp(start + 6)];
  }

  // Shows the week or day of z; the hours scroll to now or the first event
  // unless the same window is drawn again.
  async show(z, keep) {
    z = clamp(z);
    this.focus = z;
    const mine = this.token = {}, [start, end] = this.range(z);
    this.root.setAttribute('aria-busy', 'true');
    try {
      const reply = await api('/api/days', { from: iso(start), to: iso(end) });
      if (mine !== this.token) return;
      const same = keep || this.shown === start, top = this.root.scrollTop;
      this.days = reply.days;
      this.root.replaceChildren(...gridParts(reply, start, end, this));
      this.root.style.setProperty('--columns', String(reply.days.length));
      this.shown = start;
      this.drawNow();
      this.root.scrollTop = same ? top : this.firstHour();
      problem(null);
    } catch (error) {
      problem(error.message);
    } finally {
      if (mine === this.token) this.root.setAttribute('aria-busy', 'false');
    }
  }

  // Where the hours open: an hour before now when now is shown, else an
  // hour before the first timed event, else the morning.
  firstHour() {
    const now = this.root.querySelector('.now-line');
    const tops = [...this.root.querySelectorAll('.block')].map((block) => block.offsetTop);
    if (!now && tops.length === 0) return 8 * HOUR_PX - 12;
    // A little more than an hour above, so the hour's label shows whole.
    return Math.max(0, (now ? now.offsetTop : Math.min(...tops)) - HOUR_PX - 12);
  }

  forget() { this.shown = null; }

  topDate() { return this.focus === null ? state.today : this.focus; }

  step(direction) { return this.show(this.focus + direction * (this.length === 1 ? 1 : 7), true); }

  drawNow() {
    this.root.querySelectorAll('.now-line').forEach((line) => line.remove());
    const t = Date.now();
    this.days.forEach((day) => {
      const spans = spansOf(day);
      if (!spans.some(([from, to]) => from <= t && t < to)) return;
      const column = this.root.querySelector('.column[data-date="' + day.date + '"]');
      const line = el('div', 'now-line');
      line.style.top = (elapsed(spans, t) * SECOND_PX) + 'px';
      line.setAttribute('aria-label', 'Now');
      if (column) column.append(line);
    });
  }
}
"""#
}
