extension Page {
    /// The page's HTML: the bar, the views' containers, the legend.
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>busylife</title>
<link rel="stylesheet" href="app.css">
<script src="app.js" defer></script>
</head>
<body>
<header class="bar" role="banner">
  <h1 class="name">busylife</h1>
  <nav class="views" aria-label="Views">
    <button type="button" id="show-agenda" aria-pressed="true" aria-keyshortcuts="a" title="Agenda (a)">Agenda</button>
    <button type="button" id="show-month" aria-pressed="false" aria-keyshortcuts="m" title="Month (m)">Month</button>
    <button type="button" id="show-week" aria-pressed="false" aria-keyshortcuts="w" title="Week (w)">Week</button>
    <button type="button" id="show-day" aria-pressed="false" aria-keyshortcuts="d" title="Day (d)">Day</button>
    <button type="button" id="show-year" aria-pressed="false" aria-keyshortcuts="y" title="Year (y)">Year</button>
  </nav>
  <button type="button" id="today" class="today" aria-keyshortcuts="t" title="Back to today (t)">Today</button>
  <form class="where" id="where" aria-label="Zone and locale">
    <span id="window" class="window"></span>
    <label for="zone" class="visually-hidden">Time zone</label>
    <input id="zone" name="tz" list="zones" autocomplete="off" spellcheck="false" size="16" title="Time zone (IANA name)">
    <datalist id="zones"></datalist>
    <label for="locale" class="visually-hidden">Locale</label>
    <input id="locale" name="locale" list="locales" autocomplete="off" spellcheck="false" size="6" title="Locale (such as de-DE)">
    <datalist id="locales"></datalist>
  </form>
</header>
<p id="problem" class="problem" role="alert" hidden></p>
<main id="agenda" class="feed agenda" role="feed" aria-label="Agenda" aria-busy="true" tabindex="-1"></main>
<main id="month" class="feed months" aria-label="Months" aria-busy="false" tabindex="-1" hidden></main>
<main id="week" class="feed time-grid" aria-label="Week" aria-busy="false" tabindex="-1" hidden></main>
<main id="day" class="feed time-grid" aria-label="Day" aria-busy="false" tabindex="-1" hidden></main>
<main id="year" class="feed years" aria-label="Years" aria-busy="false" tabindex="-1" hidden></main>
<footer id="legend" class="legend" aria-label="Busy levels" hidden></footer>
</body>
</html>
"""#
}
