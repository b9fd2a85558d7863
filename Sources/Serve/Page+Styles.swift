extension Page {
    /// The views' styles, light and dark, phone and desktop.
    static let styles = #"""
:root {
  --bg: #ffffff; --fg: #1d1d1f; --muted: #6e6e73; --line: #e3e3e8; --head: rgba(255, 255, 255, 0.94);
  --accent: #0a63d1; --today: #0a63d1; --calendar: #8e8e93;
  --level-0: #f4f4f6; --level-1: #dbe9f8; --level-2: #a9cbef; --level-3: #5f9be0; --level-4: #1f63b8;
  --on-level-4: #ffffff;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif;
  color-scheme: light dark;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #151517; --fg: #ececf0; --muted: #9a9aa2; --line: #2c2c31; --head: rgba(21, 21, 23, 0.94);
    --accent: #5aa2ff; --today: #5aa2ff;
    --level-0: #202024; --level-1: #1d3350; --level-2: #24507f; --level-3: #2f72b8; --level-4: #5aa2ff;
    --on-level-4: #0b1a2c;
  }
}
* { box-sizing: border-box; }
html, body { height: 100%; margin: 0; }
body { display: flex; flex-direction: column; background: var(--bg); color: var(--fg); }
.bar {
  display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1rem;
  padding: 0.5rem 1rem; border-bottom: 1px solid var(--line);
}
.name { font-size: 1.1rem; margin: 0; }
.views { display: flex; gap: 0.25rem; }
button {
  font: inherit; color: inherit; background: transparent; border: 1px solid var(--line);
  border-radius: 0.4rem; padding: 0.3rem 0.7rem; cursor: pointer;
}
button[aria-pressed="true"] { background: var(--accent); border-color: var(--accent); color: var(--bg); }
button:focus-visible, .feed:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.today { font-weight: 600; color: var(--accent); border-color: var(--accent); }
.where { margin: 0 0 0 auto; color: var(--muted); font-size: 0.85rem; display: flex; gap: 0.3rem; align-items: center; flex-wrap: wrap; }
.where input { font: inherit; color: inherit; background: transparent; border: 1px solid var(--line); border-radius: 4px; padding: 0.1rem 0.3rem; }
.where input:disabled { border-color: transparent; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.problem { margin: 0; padding: 0.5rem 1rem; background: #fde8e8; color: #8a1414; }
.feed { flex: 1; overflow-y: auto; position: relative; outline: none; }
.feed[hidden] { display: none; }

/* Agenda */
.agenda { padding: 0 1rem 2rem; }
.day { max-width: 48rem; margin: 0 auto; }
.date {
  position: sticky; top: 0; z-index: 1; margin: 0; padding: 0.55rem 0 0.4rem;
  background: var(--head); backdrop-filter: blur(6px);
  font-size: 0.95rem; font-weight: 600; border-bottom: 1px solid var(--line);
}
.day.empty .date { color: var(--muted); font-weight: 400; font-size: 0.85rem; padding: 0.3rem 0 0.25rem; }
.is-today .date { color: var(--today); }
.badge {
  display: inline-block; margin-right: 0.5rem; padding: 0.05rem 0.45rem; border-radius: 0.8rem;
  background: var(--today); color: var(--bg); font-size: 0.8rem;
}
.events { list-style: none; margin: 0; padding: 0.25rem 0 0.6rem; }
.event {
  display: grid; grid-template-columns: 9.5rem 1fr; gap: 0.75rem; padding: 0.35rem 0 0.35rem 0.6rem;
  border-left: 4px solid var(--calendar); margin: 0.3rem 0;
}
.event.free { opacity: 0.7; border-left-style: dashed; }
.time { color: var(--muted); font-variant-numeric: tabular-nums; white-space: nowrap; }
.body { display: flex; flex-direction: column; min-width: 0; }
.title { font-weight: 500; overflow-wrap: anywhere; }
.details { color: var(--muted); font-size: 0.85rem; overflow-wrap: anywhere; }

/* Month */
.months { padding: 0 1rem 2rem; }
.month { max-width: 48rem; margin: 0 auto 1.5rem; }
.month-name {
  position: sticky; top: 0; z-index: 1; margin: 0; padding: 0.6rem 0 0.4rem;
  background: var(--head); font-size: 1.05rem;
}
.grid { display: flex; flex-direction: column; gap: 3px; }
.week { display: grid; grid-template-columns: repeat(7, 1fr); gap: 3px; }
.weekday { text-align: center; color: var(--muted); font-size: 0.8rem; padding: 0.2rem 0; }
.cell {
  display: flex; flex-direction: column; align-items: flex-start; justify-content: space-between;
  min-height: 4.2rem; padding: 0.3rem 0.4rem; border: 1px solid transparent; border-radius: 0.35rem; text-align: left;
}
.cell.blank { visibility: hidden; }
.cell.is-today { outline: 2px solid var(--today); outline-offset: 1px; }
.cell.is-today .number { color: var(--today); font-weight: 700; }
.level-0 { background: var(--level-0); }
.level-1 { background: var(--level-1); }
.level-2 { background: var(--level-2); }
.level-3 { background: var(--level-3); }
.level-4 { background: var(--level-4); color: var(--on-level-4); }
.cell.level-4.is-today .number { color: var(--on-level-4); }
.number { font-variant-numeric: tabular-nums; }
.dots { display: flex; align-items: center; gap: 3px; min-height: 0.6rem; }
.dot {
  width: 0.55rem; height: 0.55rem; border-radius: 50%; background: var(--calendar);
  box-shadow: 0 0 0 1px var(--bg);
}
.more { font-size: 0.7rem; }
.cell.outside {
  color: var(--muted); border: 1px dashed var(--line);
  background: repeating-linear-gradient(135deg, transparent 0 6px, var(--line) 6px 7px);
}
.no-data {
  max-width: 48rem; margin: 1rem auto; padding: 0.6rem 0.8rem; border: 1px dashed var(--line);
  border-radius: 0.4rem; color: var(--muted); text-align: center;
}
.years { padding: 0 1rem 2rem; }
.year { max-width: 48rem; margin: 0 auto 1.5rem; min-height: 12rem; }
.heatmap { display: block; width: 100%; height: auto; background: #ffffff; border-radius: 0.4rem; }

/* Week and day: columns as tall as their day, blocks placed by the script */
.time-grid { --gutter: 4.2rem; padding: 0 1rem 2rem; }
.grid-top { position: sticky; top: 0; z-index: 3; background: var(--bg); border-bottom: 1px solid var(--line); }
.grid-title { display: flex; align-items: center; gap: 0.5rem; padding: 0.45rem 0 0.3rem; }
.grid-name { margin: 0; font-size: 1.05rem; font-weight: 600; }
.step { padding: 0.1rem 0.6rem; font-size: 1.1rem; line-height: 1.2; }
.grid-row { display: grid; grid-template-columns: var(--gutter) repeat(var(--columns, 7), minmax(0, 1fr)); }
.column-head {
  display: flex; flex-direction: column; align-items: center; gap: 0; padding: 0.2rem 0;
  border: 0; border-radius: 0.35rem; background: transparent; color: var(--muted); font-size: 0.8rem;
}
#day .heads { display: none; }  /* the title says the date */
.column-head .head-number { font-size: 1.15rem; color: var(--fg); font-variant-numeric: tabular-nums; }
.column-head.is-today .head-number, .column-head.is-today .head-weekday { color: var(--today); font-weight: 700; }
.all-day { border-top: 1px solid var(--line); min-height: 1.6rem; }
.all-day-name { color: var(--muted); font-size: 0.75rem; padding: 0.3rem 0.4rem 0 0; text-align: right; }
.all-day-cell {
  display: flex; flex-direction: column; gap: 2px; padding: 2px; min-width: 0; max-height: 5.5rem; overflow-y: auto;
  border-left: 1px solid var(--line);
}
.chip, .block {
  --calendar: var(--accent); --tint: color-mix(in srgb, var(--calendar) 24%, var(--bg));
  background: var(--tint); color: var(--fg); border-left: 3px solid var(--calendar); border-radius: 0.25rem;
  font-size: 0.75rem; line-height: 1.2;
}
.chip { flex-shrink: 0; padding: 0.1rem 0.3rem; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.skipped { color: var(--muted); font-size: 0.75rem; font-style: italic; }
.hours {
  position: relative; align-items: start;
  background: repeating-linear-gradient(135deg, transparent 0 6px, var(--line) 6px 7px);
}
.gutter { position: relative; background: var(--bg); }
.hour-name {
  position: absolute; right: 0.4rem; transform: translateY(-50%); color: var(--muted);
  font-size: 0.7rem; font-variant-numeric: tabular-nums; white-space: nowrap;
}
.hour-name:first-child { transform: none; }
.column { position: relative; background: var(--bg); border-left: 1px solid var(--line); border-bottom: 1px solid var(--line); }
.column.is-today { background: color-mix(in srgb, var(--today) 5%, var(--bg)); }
.hour-line { position: absolute; left: 0; right: 0; border-top: 1px solid var(--line); }
.hour-own {
  position: absolute; right: 2px; top: 1px; font-size: 0.65rem; color: var(--muted);
  font-variant-numeric: tabular-nums; white-space: nowrap;
}
.block {
  position: absolute; z-index: 1; display: flex; flex-direction: column; overflow: hidden;
  padding: 1px 4px; box-shadow: 0 0 0 1px var(--bg);
}
.block.short { flex-direction: row; gap: 0.3rem; padding-top: 0; padding-bottom: 0; align-items: center; }
.block-title { font-weight: 600; }
.block-time, .block-place { color: var(--muted); font-variant-numeric: tabular-nums; }
.block.short > * { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; min-width: 0; }
.block.short .block-title { flex-shrink: 0; max-width: 100%; }
.block.free, .chip.free { border-left-style: dashed; opacity: 0.75; }
.now-line { position: absolute; z-index: 2; left: -1px; right: 0; border-top: 2px solid #e0322f; pointer-events: none; }
.now-line::before {
  content: ""; position: absolute; left: -5px; top: -6px; width: 10px; height: 10px;
  border-radius: 50%; background: #e0322f;
}

.legend {
  display: flex; flex-wrap: wrap; gap: 0.4rem 1rem; align-items: center; padding: 0.45rem 1rem;
  border-top: 1px solid var(--line); font-size: 0.8rem; color: var(--muted);
}
.legend[hidden] { display: none; }
.legend-item { display: inline-flex; align-items: center; gap: 0.3rem; }
.swatch { width: 0.9rem; height: 0.9rem; border-radius: 0.2rem; border: 1px solid var(--line); }

@media (max-width: 40rem) {
  .bar { padding: 0.4rem 0.6rem; gap: 0.4rem; }
  .name { display: none; }
  .where { flex-basis: 100%; margin: 0; }
  .agenda, .months { padding: 0 0.5rem 2rem; }
  .event { grid-template-columns: 1fr; gap: 0.1rem; }
  .cell { min-height: 3.2rem; padding: 0.2rem; }
  .dot { width: 0.45rem; height: 0.45rem; }
  .time-grid { --gutter: 2.8rem; padding: 0 0.25rem 2rem; }
  .hour-name { right: 0.2rem; font-size: 0.62rem; }
  .hour-own { display: none; }
  .block { padding: 1px 2px; font-size: 0.68rem; }
  .block-place { display: none; }
  .chip { font-size: 0.68rem; padding: 0.1rem 0.15rem; }
}
"""#
}
