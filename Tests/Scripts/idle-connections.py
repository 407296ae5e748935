#!/usr/bin/env python3
"""Opens N keep-alive connections to a server, makes one request on each, keeps them
open and idle, and prints the server's resident memory before and after.

    idle-connections.py PORT PID [N]     (N defaults to 10000)
"""
import resource, socket, sys, time

port, pid = int(sys.argv[1]), int(sys.argv[2])
count = int(sys.argv[3]) if len(sys.argv) > 3 else 10000
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

def rss_kb():
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0

def threads():
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("Threads:"):
                return int(line.split()[1])
    return 0

before = rss_kb()
request = b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n"
sockets = []
for _ in range(count):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(request)
    sockets.append(s)
answered = 0
for s in sockets:
    s.settimeout(10)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = s.recv(4096)
        if not chunk:
            break
        data += chunk
    if data.startswith(b"HTTP/1.1 200"):
        answered += 1
time.sleep(0.5)
after = rss_kb()
print(f"{count} idle keep-alive connections ({answered} answered): server RSS {before} kB -> {after} kB "
      f"(+{(after - before) / count:.2f} kB per connection), {threads()} threads")
for s in sockets:
    s.close()
