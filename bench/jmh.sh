#!/usr/bin/env bash
# Kept for habit: the JMH benchmarks are built and run by `./run.sh jmh [JMH options]`.
exec "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/run.sh" jmh "$@"
