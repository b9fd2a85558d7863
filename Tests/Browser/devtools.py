#!/usr/bin/env python3
"""Drives headless Chromium through its DevTools protocol for the browser
tests of `busylife serve` and of the page `busylife html` writes
(Tests/CLITests/ServeBrowserTests.swift).

Standard library only: a small WebSocket client (RFC 6455, text frames)
is enough to send commands and read their answers.

    devtools.py URL CHECK [--width W --height H] [--dark] [--view KEY] [--screenshot FILE]

prints one JSON object: what CHECK found in the page (see CHECKS)."""
import base64, json, os, shutil, socket, struct, subprocess, sys, tempfile, time, urllib.request


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class Socket:
    """A WebSocket client: enough of RFC 6455 for the DevTools protocol."""

    def __init__(self, url):
        rest = url.split("://", 1)[1]
        host, path = rest.split("/", 1)
        name, port = host.split(":")
        self.sock = socket.create_connection((name, int(port)), timeout=60)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /{path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise RuntimeError("no WebSocket: " + head.decode(errors="replace"))

    def send(self, text):
        data = text.encode()
        mask = os.urandom(4)
        length = len(data)
        if length < 126:
            header = struct.pack("!BB", 0x81, 0x80 | length)
        elif length < 65536:
            header = struct.pack("!BBH", 0x81, 0x80 | 126, length)
        else:
            header = struct.pack("!BBQ", 0x81, 0x80 | 127, length)
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def exact(self, count):
        data = b""
        while len(data) < count:
            more = self.sock.recv(count - len(data))
            if not more:
                raise RuntimeError("the browser closed the connection")
            data += more
        return data

    def receive(self):
        message = b""
        while True:
            first, second = self.exact(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack("!H", self.exact(2))[0]
            elif length == 127:
                length = struct.unpack("!Q", self.exact(8))[0]
            payload = self.exact(length)
            message += payload
            if first & 0x80:
                return message.decode()


class Browser:
    def __init__(self, width, height):
        self.profile = tempfile.mkdtemp(prefix="busylife-chromium-")
        arguments = [chromium(), "--headless=new", "--remote-debugging-port=0", "--disable-gpu",
                     "--no-first-run", "--no-default-browser-check", "--hide-scrollbars",
                     f"--user-data-dir={self.profile}", f"--window-size={width},{height}", "about:blank"]
        if os.geteuid() == 0:
            arguments.insert(1, "--no-sandbox")  # Chromium's sandbox refuses root (CI runs as root)
        self.process = subprocess.Popen(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.time() + 60
        while not os.path.exists(port_file) or not open(port_file).read().strip():
            if time.time() > deadline:
                raise RuntimeError("chromium did not start")
            time.sleep(0.1)
        port = open(port_file).read().split()[0]
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json"))
        page = next(t for t in targets if t["type"] == "page")
        self.socket = Socket(page["webSocketDebuggerUrl"])
        self.next_id = 0
        self.dialogs = []
        self.requests = []
        self.command("Page.enable")
        self.command("Network.enable")
        self.command("Runtime.enable")

    def command(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.receive())
            if message.get("method") == "Page.javascriptDialogOpening":
                self.dialogs.append(message["params"].get("message"))
                self.socket.send(json.dumps({"id": 0, "method": "Page.handleJavaScriptDialog", "params": {"accept": True}}))
            if message.get("method") == "Network.requestWillBeSent":
                self.requests.append(message["params"]["request"]["url"])
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})

    def evaluate(self, expression):
        result = self.command("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait(self, expression, seconds=30):
        deadline = time.time() + seconds
        while time.time() < deadline:
            if self.evaluate(expression):
                return True
            time.sleep(0.05)
        raise RuntimeError("timed out waiting for " + expression)

    def close(self):
        self.process.terminate()
        self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


SETTLED = """(async () => {
  for (let quiet = 0, i = 0; i < 400; i += 1) {
    await new Promise((done) => setTimeout(done, 50));
    const busy = [...document.querySelectorAll('main')].some((m) => m.getAttribute('aria-busy') === 'true');
    quiet = busy ? 0 : quiet + 1;
    if (quiet >= 6) return true;
  }
  return false;
})()"""


def settle(browser):
    return browser.evaluate(SETTLED)


def today_check(browser):
    section = """(() => {
      const day = document.querySelector('section.day[aria-current="date"]');
      if (!day) return null;
      return { date: day.dataset.date, header: day.querySelector('h2').textContent,
               events: [...day.querySelectorAll('.event')].map((e) => ({
                 time: e.querySelector('.time').textContent, title: e.querySelector('.title').textContent,
                 details: (e.querySelector('.details') || {}).textContent })),
               sections: document.querySelectorAll('section.day').length,
               top: document.getElementById('agenda').scrollTop, offset: day.offsetTop };
    })()"""
    return browser.evaluate(section)


def edges(browser):
    return browser.evaluate("""(() => { const s = document.querySelectorAll('section.day');
      return { first: s[0].dataset.date, last: s[s.length - 1].dataset.date, count: s.length }; })()""")


def scroll_check(browser, years=3):
    start = edges(browser)
    target = str(int(start["last"][:4]) + years) + start["last"][4:]
    most, steps = start["count"], 0
    while edges(browser)["last"] < target and steps < 400:
        browser.evaluate("(() => { const a = document.getElementById('agenda'); a.scrollTop = a.scrollHeight; })()")
        settle(browser)
        most, steps = max(most, edges(browser)["count"]), steps + 1
    far = edges(browser)
    while edges(browser)["first"] > start["first"] and steps < 800:
        browser.evaluate("document.getElementById('agenda').scrollTop = 0")
        settle(browser)
        most, steps = max(most, edges(browser)["count"]), steps + 1
    return {"start": start, "far": far, "back": edges(browser), "most": most, "steps": steps}


ARROWS = {"ArrowLeft": 37, "ArrowUp": 38, "ArrowRight": 39, "ArrowDown": 40}


def key(browser, name):
    code = name if name in ARROWS else "Key" + name.upper()
    for kind in ("keyDown", "keyUp"):
        text = name if kind == "keyDown" and name not in ARROWS else ""
        browser.command("Input.dispatchKeyEvent", type=kind, key=name, code=code, text=text,
                        windowsVirtualKeyCode=ARROWS.get(name) or ord(name.upper()))
    settle(browser)


def keys_check(browser):
    shown = "(() => ['agenda', 'month', 'year'].filter((v) => !document.getElementById(v).hidden))()"
    found = {"start": browser.evaluate(shown)}
    key(browser, "m")
    found["m"] = browser.evaluate(shown)
    found["months"] = browser.evaluate("document.querySelectorAll('section.month').length")
    found["todayCell"] = browser.evaluate("(document.querySelector('.cell[aria-current=\"date\"]') || {}).dataset?.date || null")
    key(browser, "y")
    found["y"] = browser.evaluate(shown)
    browser.wait("[...document.querySelectorAll('img.heatmap')].some((i) => i.complete)")
    found["heatmapWidth"] = browser.evaluate("Math.max(...[...document.querySelectorAll('img.heatmap')].map((i) => i.naturalWidth))")
    key(browser, "a")
    found["a"] = browser.evaluate(shown)
    browser.evaluate("document.getElementById('agenda').scrollTop = 0")
    settle(browser)
    key(browser, "t")
    found["t"] = today_check(browser)
    return found


def xss_check(browser):
    return {"images": browser.evaluate("document.querySelectorAll('img').length"),
            "titles": browser.evaluate("[...document.querySelectorAll('.title, .block-title, .chip')].map((t) => t.textContent)"),
            "dialogs": browser.dialogs}


GRID = """(() => {
  const view = ['week', 'day'].find((v) => !document.getElementById(v).hidden);
  if (!view) return { shown: ['agenda', 'month', 'year'].filter((v) => !document.getElementById(v).hidden) };
  const root = document.getElementById(view);
  const box = (node) => ({ top: node.offsetTop, height: node.offsetHeight, left: node.offsetLeft, width: node.offsetWidth });
  return { view, title: root.querySelector('.grid-name').textContent,
    chips: [...root.querySelectorAll('.chip')].map((c) => c.textContent),
    columns: [...root.querySelectorAll('.column')].map((c) => ({
      date: c.dataset.date, height: c.clientHeight, width: c.clientWidth,
      own: [...c.querySelectorAll('.hour-own')].map((label) => label.textContent),
      now: c.querySelector('.now-line') ? c.querySelector('.now-line').offsetTop : null,
      blocks: [...c.querySelectorAll('.block')].map((b) => Object.assign(box(b), {
        title: b.querySelector('.block-title').textContent, time: b.querySelector('.block-time').textContent })) })) };
})()"""


def grid_check(browser):
    return browser.evaluate(GRID)


def grid_keys_check(browser):
    """Keys from the agenda through the week and day views and back to today."""
    found = {}
    for step in ("w", "j", "k", "k", "d", "j", "ArrowLeft", "ArrowLeft", "t", "ArrowRight", "w", "t"):
        key(browser, step)
        shown = grid_check(browser)
        dates = [c["date"] for c in shown.get("columns", [])]
        found.setdefault("steps", []).append({"key": step, "view": shown.get("view"), "dates": dates[:1] + dates[-1:]})
    key(browser, "m")
    browser.evaluate("document.querySelector('.cell[data-date=\"2026-11-05\"]').click()")
    settle(browser)
    shown = grid_check(browser)
    found["chosen"] = {"view": shown.get("view"), "dates": [c["date"] for c in shown.get("columns", [])]}
    return found



def static_check(browser):
    """A page of `busylife html` opened from a file: today's events, the
    edge of its window in words, the month's days past it marked, and
    nothing fetched but the file itself (and the year's inlined image)."""
    found = {"today": today_check(browser),
             "notes": browser.evaluate("[...document.querySelectorAll('#agenda .no-data')].map((n) => n.textContent)"),
             "styled": browser.evaluate("getComputedStyle(document.querySelector('.bar')).display")}
    key(browser, "m")
    found["outside"] = browser.evaluate("""[...document.querySelectorAll('.cell.outside')].map((c) => c.dataset.date
      + ' ' + c.getAttribute('aria-label').split(': ')[1])""")
    key(browser, "y")
    browser.wait("[...document.querySelectorAll('img.heatmap')].some((i) => i.complete)")
    found["heatmapWidth"] = browser.evaluate("Math.max(...[...document.querySelectorAll('img.heatmap')].map((i) => i.naturalWidth))")
    for step in ("w", "j", "j"):  # the week past the window's last day
        key(browser, step)
    found["gridDates"] = browser.evaluate("[...document.querySelectorAll('#week .column')].map((c) => c.dataset.date)")
    found["gridNotes"] = browser.evaluate("[...document.querySelectorAll('#week .no-data')].map((n) => n.textContent)")
    found["requests"] = [url.split(":", 1)[0] + (":" + url.rsplit("/", 1)[-1] if url.startswith("file:") else "")
                         for url in browser.requests]
    return found


def choose(browser, field, value):
    """Types a zone or locale into the bar and waits for the views to redraw."""
    browser.evaluate("(() => { const f = document.getElementById('%s'); f.value = %s; f.dispatchEvent(new Event('change')); })()"
                     % (field, json.dumps(value)))
    time.sleep(0.2)
    settle(browser)


def month_heads(browser):
    return browser.evaluate("[...document.querySelector('#month .week.head').children].map((h) => h.textContent)")


def choices_check(browser):
    """The zone and locale changed in the bar: times, columns, weekday
    names and the first weekday follow, and the address keeps them."""
    read = "(() => ({ zone: document.getElementById('zone').value, locale: document.getElementById('locale').value,"
    read += " disabled: document.getElementById('zone').disabled, title: document.getElementById('zone').title,"
    read += " search: location.search, problem: document.getElementById('problem').hidden ? null"
    read += " : document.getElementById('problem').textContent }))()"
    found = {"start": browser.evaluate(read), "agenda": today_check(browser)}
    choose(browser, "zone", "Asia/Tokyo")
    found["tokyo"] = browser.evaluate(read)
    found["agendaTokyo"] = today_check(browser)
    key(browser, "w")
    found["week"] = grid_check(browser)
    choose(browser, "locale", "de-DE")
    found["german"] = browser.evaluate(read)
    found["weekGerman"] = grid_check(browser)
    found["buttons"] = browser.evaluate("[...document.querySelectorAll('.views button, #today')].map((b) => b.textContent)")
    key(browser, "m")
    found["heads"] = month_heads(browser)
    choose(browser, "zone", "Mars/Olympus_Mons")
    found["wrongZone"] = browser.evaluate(read)
    choose(browser, "locale", "no locale")
    found["wrongLocale"] = browser.evaluate(read)
    return found


CHECKS = {"choices": choices_check, "static": static_check, "today": today_check, "scroll": scroll_check, "keys": keys_check, "xss": xss_check,
          "grid": grid_check, "gridkeys": grid_keys_check}


def main():
    arguments = sys.argv[1:]
    url, check = arguments[0], arguments[1]
    def option(name, default):
        return arguments[arguments.index(name) + 1] if name in arguments else default
    width, height = int(option("--width", 1280)), int(option("--height", 800))
    if chromium() is None:
        print(json.dumps({"skipped": "chromium is not installed"}))
        return
    browser = Browser(width, height)
    try:
        browser.command("Emulation.setDeviceMetricsOverride", width=width, height=height,
                        deviceScaleFactor=1, mobile=width < 600)
        if "--dark" in arguments:
            browser.command("Emulation.setEmulatedMedia", features=[{"name": "prefers-color-scheme", "value": "dark"}])
        browser.command("Page.navigate", url=url)
        browser.wait("document.readyState === 'complete' && !!document.querySelector('section.day, section.month, .column')")
        settle(browser)
        found = CHECKS[check](browser) if check in CHECKS else {}
        if "--view" in arguments:
            key(browser, option("--view", "a"))
            browser.wait("[...document.querySelectorAll('img.heatmap')].every((i) => i.complete)")
        shot = option("--screenshot", None)
        if shot:
            data = browser.command("Page.captureScreenshot", format="png")["data"]
            with open(shot, "wb") as file:
                file.write(base64.b64decode(data))
        print(json.dumps(found))
    finally:
        browser.close()


if __name__ == "__main__":
    main()
