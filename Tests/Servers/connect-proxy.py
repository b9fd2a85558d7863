#!/usr/bin/env python3
"""A small HTTP CONNECT proxy for busylife's tests (standard library only).

Listens on 127.0.0.1 at a free port, printed as the first line of standard
output. A CONNECT request opens a tunnel to its target (any host name is
taken to mean 127.0.0.1: the tests' servers live there) and passes the
bytes both ways; with --login USER:PASSWORD it asks for that Basic
Proxy-Authorization first (407 without it). GET /_stats answers what it
did as JSON: the targets tunnelled to and the bytes passed. It stops when
its standard input closes (the test ended) or after --lifetime seconds.
"""
import argparse
import base64
import json
import os
import socket
import stat
import sys
import threading
import time

STATS = {"connects": [], "refused": 0, "bytes": 0}
LOCK = threading.Lock()
ARGS = None


def head_of(conn):
    """The request's head (up to the blank line), or None if the peer left."""
    data = b""
    while b"\r\n\r\n" not in data:
        more = conn.recv(4096)
        if not more:
            return None
        data += more
    return data.split(b"\r\n\r\n", 1)[0].decode("latin-1")


def pump(source, sink):
    try:
        while True:
            data = source.recv(65536)
            if not data:
                break
            sink.sendall(data)
            with LOCK:
                STATS["bytes"] += len(data)
    except OSError:
        pass
    finally:
        for s in (source, sink):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def serve(conn):
    head = head_of(conn)
    if head is None:
        conn.close()
        return
    lines = head.split("\r\n")
    method, target = lines[0].split(" ")[:2]
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    if method == "GET" and target.endswith("/_stats"):
        with LOCK:
            body = json.dumps(STATS).encode()
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n"
                     % len(body) + body)
        conn.close()
        return
    expected = "Basic " + base64.b64encode(ARGS.login.encode()).decode() if ARGS.login else None
    if method != "CONNECT" or (expected and headers.get("proxy-authorization") != expected):
        with LOCK:
            STATS["refused"] += 1
        code = b"407 Proxy Authentication Required" if method == "CONNECT" else b"405 Method Not Allowed"
        conn.sendall(b"HTTP/1.1 " + code + b"\r\nProxy-Authenticate: Basic realm=\"proxy\"\r\nContent-Length: 0\r\n"
                     b"Connection: close\r\n\r\n")
        conn.close()
        return
    host, _, port = target.rpartition(":")
    with LOCK:
        STATS["connects"].append(target)
    upstream = socket.create_connection(("127.0.0.1", int(port)))
    conn.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
    threading.Thread(target=pump, args=(upstream, conn), daemon=True).start()
    pump(conn, upstream)


def main():
    global ARGS
    # As subscription-server.py: inherited pipes closed, so that no
    # reader waits on them for as long as this proxy lives.
    for fd in range(3, 1024):
        try:
            if stat.S_ISFIFO(os.fstat(fd).st_mode):
                os.close(fd)
        except OSError:
            pass
    parser = argparse.ArgumentParser()
    parser.add_argument("--login")
    parser.add_argument("--lifetime", type=float, default=1800)  # a safety net: see subscription-server.py
    ARGS = parser.parse_args()
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    print(listener.getsockname()[1], flush=True)

    def accept():
        while True:
            conn, _ = listener.accept()
            threading.Thread(target=serve, args=(conn,), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    deadline = time.time() + ARGS.lifetime
    waiter = threading.Thread(target=sys.stdin.read, daemon=True)
    waiter.start()
    while waiter.is_alive() and time.time() < deadline:
        waiter.join(0.2)


if __name__ == "__main__":
    main()
