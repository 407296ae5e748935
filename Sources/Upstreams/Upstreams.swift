// The Upstreams module.
