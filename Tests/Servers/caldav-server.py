#!/usr/bin/env python3
"""Runs a real CalDAV server, Radicale or Xandikos (installed in the
project's .venv by scripts/setup.sh), on 127.0.0.1 on a free port for one
test, with its storage in the test's folder.

Prints the port once the server answers, then waits: when its standard
input closes (the test is over, or died) it stops the server, so that no
server outlives its test. Radicale logs each request with the size of its
reply in FOLDER/server.log: what the tests count transfers with.
"""
import argparse
import os
import socket
import subprocess
import sys
import time


def free_port():
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    return port


def command(kind, folder, port):
    if kind == "radicale":
        # No configuration file of the machine or the user is read (--config "").
        return [sys.executable, "-m", "radicale", "--config", "",
                "--storage-filesystem-folder", os.path.join(folder, "storage"),
                "--auth-type", "none", "--server-hosts", "127.0.0.1:%d" % port,
                "--logging-level", "info"]
    return [sys.executable, "-m", "xandikos", "serve", "--directory", os.path.join(folder, "storage"),
            "--defaults", "--listen-address", "127.0.0.1", "--port", str(port),
            "--state-dir", os.path.join(folder, "state")]


def wait_until_listening(port, server, seconds=30):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if server.poll() is not None:
            return False
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return True
        except OSError:
            time.sleep(0.05)
    return False


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("kind", choices=["radicale", "xandikos"])
    parser.add_argument("--folder", required=True)
    args = parser.parse_args()
    port = free_port()
    log = open(os.path.join(args.folder, "server.log"), "w")
    server = subprocess.Popen(command(args.kind, args.folder, port), stdin=subprocess.DEVNULL,
                              stdout=log, stderr=subprocess.STDOUT)
    try:
        print(port if wait_until_listening(port, server) else 0, flush=True)
        sys.stdin.read()
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


if __name__ == "__main__":
    main()
