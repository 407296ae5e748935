"""Independent stub upstreams serving the recorded data of ../shared/upstreams.

Modules: `data` (loading the shared files), `reply` (the HTTP answer type),
`dogceo`, `dogapi`, `zoo`, `dnd` (one per upstream: routes in the real wire
format), `faults` (fault injection), `server` (HTTP servers, request log,
control endpoint). `recorded_upstreams.py` one folder up is the entry point.
"""
