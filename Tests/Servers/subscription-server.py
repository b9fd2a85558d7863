#!/usr/bin/env python3
"""A calendar subscription server for busylife's tests (standard library only).

Serves the files of --root on 127.0.0.1 at a free port, printed as the first
line of standard output, with the replies the tests need: validators and
304, redirects, slow, trickling, huge and wrong replies, Basic and Digest
authentication. It
counts what it is asked: GET /_stats answers the counts as JSON. It stops
when its standard input closes (the test ended) or after --lifetime seconds.
"""
import argparse
import base64
import hashlib
import json
import os
import ssl
import stat
import sys
import threading
import time
from email.utils import formatdate, parsedate_to_datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

STATS = {"requests": 0, "conditional": 0, "bodyBytes": 0, "paths": [], "authorizationSentTo": [], "digestAccepted": []}
NONCES = set()
LOCK = threading.Lock()
ARGS = None


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send_body(self, code, body, content_type="text/calendar", headers=(), counted=True):
        self.send_response(code)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)
        if counted:
            with LOCK:
                STATS["bodyBytes"] += len(body)

    def empty(self, code, headers=()):
        self.send_response(code)
        self.send_header("Content-Length", "0")
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()

    def calendar(self, name):
        path = os.path.join(ARGS.root, os.path.basename(name))
        if not os.path.isfile(path):
            self.send_body(404, b"not found\n", "text/plain")
            return None, None
        with open(path, "rb") as f:
            body = f.read()
        return body, os.path.getmtime(path)

    def do_GET(self):
        parts = self.path.split("?")[0].strip("/").split("/")
        route, rest = parts[0], parts[1:]
        if route == "_stats":
            with LOCK:
                counts = json.dumps(STATS).encode()
            self.send_body(200, counts, "application/json", counted=False)
            return
        with LOCK:
            STATS["requests"] += 1
            STATS["paths"].append("/" + "/".join(parts))
            if self.headers.get("If-None-Match") or self.headers.get("If-Modified-Since"):
                STATS["conditional"] += 1
            if self.headers.get("Authorization"):
                STATS["authorizationSentTo"].append(self.headers.get("Host", "") + "/" + "/".join(parts))
        getattr(self, "route_" + route.replace("-", "_"), self.route_missing)(rest)

    def route_missing(self, rest):
        self.send_body(404, b"not found\n", "text/plain")

    def route_etag(self, rest):
        """The file with a strong ETag; If-None-Match answers 304."""
        body, _ = self.calendar(rest[-1])
        if body is None:
            return
        tag = '"%s"' % hashlib.sha256(body).hexdigest()[:16]
        if self.headers.get("If-None-Match") == tag:
            self.empty(304, [("ETag", tag)])
            return
        self.send_body(200, body, "text/calendar; charset=utf-8", [("ETag", tag)])

    def route_lastmod(self, rest):
        """The file with Last-Modified; If-Modified-Since answers 304."""
        body, mtime = self.calendar(rest[-1])
        if body is None:
            return
        since = self.headers.get("If-Modified-Since")
        if since and int(mtime) <= parsedate_to_datetime(since).timestamp():
            self.empty(304)
            return
        self.send_body(200, body, "text/calendar", [("Last-Modified", formatdate(int(mtime), usegmt=True))])

    def route_plain(self, rest):
        """The file, always whole, without validators (served as text/plain)."""
        body, _ = self.calendar(rest[-1])
        if body is not None:
            self.send_body(200, body, "text/plain")

    def route_redirect(self, rest):
        """/redirect/N/name: N redirects, then /etag/name."""
        count = int(rest[0])
        target = "/redirect/%d/%s" % (count - 1, rest[1]) if count > 1 else "/etag/" + rest[1]
        self.empty(302, [("Location", target)])

    def route_loop(self, rest):
        self.empty(302, [("Location", "/loop")])

    def route_to_file(self, rest):
        self.empty(302, [("Location", "file:///etc/passwd")])

    def route_elsewhere(self, rest):
        """A redirect to this server under another host name (localhost)."""
        port = self.server.server_address[1]
        scheme = "https" if ARGS.cert else "http"
        self.empty(302, [("Location", "%s://localhost:%d/auth/%s" % (scheme, port, rest[-1]))])

    def route_to(self, rest):
        """/to/PORT/path: a redirect to /path on this machine at PORT (another origin), with this server's scheme."""
        scheme = "https" if ARGS.cert else "http"
        self.empty(302, [("Location", "%s://127.0.0.1:%s/%s" % (scheme, rest[0], "/".join(rest[1:])))])

    def route_auth(self, rest):
        """The file behind Basic authentication; 401 without it."""
        expected = "Basic " + base64.b64encode(ARGS.login.encode()).decode()
        if self.headers.get("Authorization") != expected:
            self.send_body(401, b"<html><body>login</body></html>", "text/html",
                           [("WWW-Authenticate", 'Basic realm="calendars"')])
            return
        self.route_etag(rest)

    def route_digest(self, rest):
        """/digest/ALGORITHMS/name: the file behind Digest authentication
        (RFC 7616, qop=auth), challenging with each algorithm of
        ALGORITHMS (MD5, SHA-256, joined by +); the response hash is
        checked against --login. Basic is refused."""
        algorithms = rest[0].split("+")
        answer = parse_digest(self.headers.get("Authorization", ""))
        if answer is not None and self.digest_valid(answer, algorithms):
            with LOCK:
                STATS["digestAccepted"].append(answer.get("algorithm", "MD5"))
            self.route_etag(rest[1:])
            return
        nonce = base64.b64encode(os.urandom(18)).decode()
        with LOCK:
            NONCES.add(nonce)
        challenges = [("WWW-Authenticate", 'Basic realm="ignored"')] if "basic" in rest[0].lower() else []
        challenges += [("WWW-Authenticate", 'Digest realm="calendars@127.0.0.1", qop="auth, auth-int", algorithm=%s, '
                        'nonce="%s", opaque="opaque-value"' % (a, nonce)) for a in algorithms if a.lower() != "basic"]
        self.send_body(401, b"<html><body>login</body></html>", "text/html", challenges)

    def digest_valid(self, answer, algorithms):
        algorithm = answer.get("algorithm", "MD5")
        user, password = ARGS.login.split(":", 1)
        name = {"MD5": hashlib.md5, "SHA-256": hashlib.sha256}.get(algorithm)
        with LOCK:
            known = answer.get("nonce") in NONCES
        if name is None or algorithm not in algorithms or not known or answer.get("uri") != self.path:
            return False
        if answer.get("username") != user or answer.get("opaque") != "opaque-value" or answer.get("qop") != "auth":
            return False
        h = lambda text: name(text.encode()).hexdigest()
        secret = h("%s:%s:%s" % (user, answer.get("realm"), password))
        request = h("GET:%s" % answer.get("uri"))
        expected = h(":".join([secret, answer["nonce"], answer.get("nc", ""), answer.get("cnonce", ""), "auth", request]))
        return answer.get("response") == expected

    def route_trickle(self, rest):
        """/trickle/SECONDS/name: the file in ten pieces over SECONDS."""
        body, _ = self.calendar(rest[-1])
        if body is None:
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/calendar")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        piece = max(1, (len(body) + 9) // 10)
        for start in range(0, len(body), piece):
            self.wfile.write(body[start:start + piece])
            self.wfile.flush()
            time.sleep(float(rest[0]) / 10)
        with LOCK:
            STATS["bodyBytes"] += len(body)

    def route_slow(self, rest):
        """/slow/SECONDS/name: the file after a pause."""
        time.sleep(float(rest[0]))
        self.route_etag(rest[1:])

    def route_huge(self, rest):
        """/huge/BYTES: a calendar that long, streamed without Content-Length."""
        size = int(rest[0])
        self.send_response(200)
        self.send_header("Content-Type", "text/calendar")
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(b"BEGIN:VCALENDAR\r\n")
        line = b"X-FILLER:" + b"x" * 500 + b"\r\n"
        sent = 0
        try:
            while sent < size:
                self.wfile.write(line)
                sent += len(line)
        except (BrokenPipeError, ConnectionResetError):
            pass
        with LOCK:
            STATS["bodyBytes"] += sent
        self.close_connection = True

    def route_switch(self, rest):
        """/switch/name: as the route in the file _mode of --root says
        (etag when there is none), so that one address can fail in turn."""
        try:
            with open(os.path.join(ARGS.root, "_mode")) as f:
                mode = f.read().strip().split("/")
        except FileNotFoundError:
            mode = ["etag"]
        getattr(self, "route_" + mode[0].replace("-", "_"), self.route_missing)(mode[1:] + rest)

    def route_html(self, rest):
        self.send_body(200, b"<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body>Sign in</body></html>\n",
                       "text/html; charset=utf-8")

    def route_json(self, rest):
        self.send_body(200, b'{"error": "not here"}\n', "application/json")

    def route_empty(self, rest):
        self.send_body(200, b"", "text/calendar")

    def route_xml(self, rest):
        self.send_body(200, b'<?xml version="1.0"?>\n<d:multistatus xmlns:d="DAV:"/>\n', "application/xml")

    def route_status(self, rest):
        self.send_body(int(rest[0]), b"status\n", "text/plain")


def parse_digest(header):
    """The fields of a `Digest` Authorization header, else None."""
    if not header.lower().startswith("digest "):
        return None
    fields, rest = {}, header[7:]
    while rest:
        rest = rest.lstrip(" ,")
        name, _, rest = rest.partition("=")
        if rest.startswith('"'):
            value, rest = rest[1:].split('"', 1)
        else:
            value, _, rest = rest.partition(",")
        fields[name.strip()] = value.strip()
    return fields


def main():
    global ARGS
    # Pipes inherited from the test process (those of other tests' runs
    # started at the same moment) would keep their readers waiting for as
    # long as this server lives: close them. Sockets stay: the test
    # process learns through one of them that this server has ended.
    for fd in range(3, 1024):
        try:
            if stat.S_ISFIFO(os.fstat(fd).st_mode):
                os.close(fd)
        except OSError:
            pass
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--login", default="me:s3cret")
    parser.add_argument("--cert")
    parser.add_argument("--key")
    # A safety net only (a test closes standard input when it ends): long,
    # because on a loaded host a test can wait minutes between starting the
    # server and its first request, and a server gone by then fails it.
    parser.add_argument("--lifetime", type=float, default=1800)
    ARGS = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    if ARGS.cert:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(ARGS.cert, ARGS.key)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    # Ends with the test: when standard input closes, or at the latest after --lifetime.
    deadline = time.time() + ARGS.lifetime
    waiter = threading.Thread(target=sys.stdin.read, daemon=True)
    waiter.start()
    while waiter.is_alive() and time.time() < deadline:
        waiter.join(0.2)
    server.shutdown()


if __name__ == "__main__":
    main()
